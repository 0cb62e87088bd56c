import type { QueuedItem } from '@evalpacks/core/calibration';
import { LOW_CONFIDENCE } from '@evalpacks/core/runner';
import {
  type EvalStore,
  type JudgeDisagreement,
  type JudgedItem,
  type KeptForRun,
  type RunLabelQueue,
  type RunRecord,
  runLabelQueue,
} from '@evalpacks/store';

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
 * Pages of runs' label queues. Of a completed run (whose verdicts never change) its verdicts without their
 * answers (a few dozen bytes each), which of them each label is on, and its ordered queue are kept; a page
 * is a slice of that queue while the pack's labels, the run's re-judges and the threshold are as they were.
 * A label given since orders the queue anew (looking up only the new label's answer), so it counts at once.
 */
export function queuePages(store: EvalStore) {
  const kept = new Map<number, Required<Omit<KeptForRun, 'disagreements'>>>();
  const keptDisagreements = new Map<number, { kin: string; rows: JudgeDisagreement[] }>();
  const keptFor = (run: RunRecord, kin: string): KeptForRun => {
    // A run still saving results gets new verdicts: nothing of it is kept.
    if (run.status !== 'completed') return {};
    let known = keptDisagreements.get(run.id);
    if (known?.kin !== kin) {
      known = { kin, rows: store.judgeDisagreements(run.id) };
      keptDisagreements.set(run.id, known);
    }
    const disagreements = known.rows;
    const items = kept.get(run.id);
    if (items) return { ...items, disagreements };
    const fresh = { items: store.judgedItems(run.id), resolved: new Map() };
    kept.set(run.id, fresh);
    return { ...fresh, disagreements };
  };
  // The last queue of each completed run, with what it rested on: the labels, the re-judges, the threshold.
  const orderedQueues = new Map<number, { version: string } & RunLabelQueue>();
  const queueOf = (run: RunRecord): RunLabelQueue => {
    const threshold = thresholdOf(run);
    const kin = store.kinVersion(run.id);
    const version = `${store.labelsVersion(run.pack)}|${kin}|${threshold}`;
    const known = orderedQueues.get(run.id);
    if (known?.version === version) return known;
    const fresh = runLabelQueue(store, run.id, store.labelRefs(run.pack), threshold, keptFor(run, kin));
    if (run.status === 'completed') orderedQueues.set(run.id, { version, ...fresh });
    return fresh;
  };
  const thresholdOf = (run: RunRecord) =>
    store.gradeSummary(run.id)?.figures.totals.confidence?.threshold ?? LOW_CONFIDENCE;
  return {
    page(run: RunRecord, page: number): QueuePage {
      const threshold = thresholdOf(run);
      const { queue, labelled } = queueOf(run);
      const pages = Math.max(1, Math.ceil(queue.length / QUEUE_PAGE_SIZE));
      const shown = Math.min(page, pages);
      const offset = (shown - 1) * QUEUE_PAGE_SIZE;
      const items = queue.slice(offset, offset + QUEUE_PAGE_SIZE);
      return { items, page: shown, pages, total: queue.length, labelled, offset, threshold };
    },
  };
}
