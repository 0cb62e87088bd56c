import type { QueuedItem } from '@evalpacks/core/calibration';
import { LOW_CONFIDENCE } from '@evalpacks/core/runner';
import {
  type EvalStore,
  type JudgeDisagreement,
  type JudgedItem,
  type RankedItem,
  type ResolvedLabels,
  type RunLabelQueue,
  type RunRecord,
  rankedLabelQueue,
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

/** A run's queue as a page needs it: counted, and read a page at a time. */
interface PagedQueue {
  total: number;
  labelled: number;
  page(offset: number, limit: number): QueuedItem<JudgedItem>[];
}

const inFull = ({ queue, labelled }: RunLabelQueue): PagedQueue => ({
  total: queue.length,
  labelled,
  page: (offset, limit) => queue.slice(offset, offset + limit),
});

/**
 * Pages of runs' label queues. A completed run's queue is paged in the store by the places its verdicts
 * were given when it completed (store's rankedLabelQueue): a page reads its own verdicts, so the first view
 * of a large run costs what a page does. What the order rests on besides (labels resolved to its verdicts,
 * the verdicts of the few cases labels and re-judges touch, its disagreements) is kept, and the counted
 * queue is kept while the pack's labels, the run's re-judges and the threshold are as they were: a label
 * given since counts at once, looking up only the new label's answer. A run still running is ordered in
 * full each time (runLabelQueue): its verdicts have no places yet.
 */
export function queuePages(store: EvalStore) {
  const kept = new Map<number, { resolved: ResolvedLabels; cases: Map<string, RankedItem[]> }>();
  const keptDisagreements = new Map<number, { kin: string; rows: JudgeDisagreement[] }>();
  const disagreementsOf = (run: RunRecord, kin: string) => {
    let known = keptDisagreements.get(run.id);
    if (known?.kin !== kin) {
      known = { kin, rows: store.judgeDisagreements(run.id) };
      keptDisagreements.set(run.id, known);
    }
    return known.rows;
  };
  // The last queue of each completed run, with what it rested on: the labels, the re-judges, the threshold.
  const countedQueues = new Map<number, { version: string; queue: PagedQueue }>();
  const queueOf = (run: RunRecord): PagedQueue => {
    const threshold = thresholdOf(run);
    const labels = () => store.labelRefs(run.pack);
    if (run.status !== 'completed') return inFull(runLabelQueue(store, run.id, labels(), threshold));
    const kin = store.kinVersion(run.id);
    const version = `${store.labelsVersion(run.pack)}|${kin}|${threshold}`;
    const known = countedQueues.get(run.id);
    if (known?.version === version) return known.queue;
    let forRun = kept.get(run.id);
    if (!forRun) {
      forRun = { resolved: new Map(), cases: new Map() };
      kept.set(run.id, forRun);
    }
    const queue = rankedLabelQueue(store, run.id, labels(), threshold, {
      ...forRun,
      disagreements: disagreementsOf(run, kin),
    });
    countedQueues.set(run.id, { version, queue });
    return queue;
  };
  const thresholdOf = (run: RunRecord) =>
    store.gradeSummary(run.id)?.figures.totals.confidence?.threshold ?? LOW_CONFIDENCE;
  return {
    page(run: RunRecord, page: number): QueuePage {
      const threshold = thresholdOf(run);
      const queue = queueOf(run);
      const pages = Math.max(1, Math.ceil(queue.total / QUEUE_PAGE_SIZE));
      const shown = Math.min(page, pages);
      const offset = (shown - 1) * QUEUE_PAGE_SIZE;
      const items = queue.page(offset, QUEUE_PAGE_SIZE);
      return { items, page: shown, pages, total: queue.total, labelled: queue.labelled, offset, threshold };
    },
  };
}
