import type { Label } from '@evalpacks/core';
import type { QueuedItem } from '@evalpacks/core/calibration';
import { LOW_CONFIDENCE } from '@evalpacks/core/runner';
import { type EvalStore, type JudgedItem, type RunRecord, runLabelQueue } from '@evalpacks/store';

/** Verdicts a page of the queue lists. */
export const QUEUE_PAGE_SIZE = 50;

/** One page of a run's label queue. */
export interface QueuePage {
  /** This page's verdicts, most worth a label first, each with why. */
  items: QueuedItem<JudgedItem>[];
  /** The 1-based page shown (a page past the end shows the last). */
  page: number;
  pages: number;
  /** Unlabelled verdicts in the whole queue, and those of the run already labelled. */
  total: number;
  labelled: number;
  /** Where this page starts in the queue (0-based). */
  offset: number;
  /** The decision-token probability below which a verdict counts as low-confidence (the run's own). */
  threshold: number;
}

/**
 * Pages of runs' label queues. What is read of a run per page is its verdicts without their answers (a few
 * dozen bytes each, kept for a completed run, whose verdicts never change), the labels and the results of
 * labelled cases only; the queue is ordered anew each time, so a label given a moment ago counts.
 */
export function queuePages(store: EvalStore) {
  const kept = new Map<number, JudgedItem[]>();
  const itemsOf = (run: RunRecord): JudgedItem[] => {
    const known = kept.get(run.id);
    if (known) return known;
    const items = store.judgedItems(run.id);
    if (run.status === 'completed') kept.set(run.id, items);
    return items;
  };
  return {
    page(run: RunRecord, labels: Label[], page: number): QueuePage {
      const threshold = store.gradeSummary(run.id)?.figures.totals.confidence?.threshold ?? LOW_CONFIDENCE;
      const { queue, labelled } = runLabelQueue(store, run.id, labels, threshold, itemsOf(run));
      const pages = Math.max(1, Math.ceil(queue.length / QUEUE_PAGE_SIZE));
      const shown = Math.min(page, pages);
      const offset = (shown - 1) * QUEUE_PAGE_SIZE;
      const items = queue.slice(offset, offset + QUEUE_PAGE_SIZE);
      return { items, page: shown, pages, total: queue.length, labelled, offset, threshold };
    },
  };
}
