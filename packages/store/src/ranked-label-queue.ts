import {
  disagreementsOf,
  itemRef,
  labelCountsOf,
  type QueuedItem,
  type QueueReason,
} from '@evalpacks/core/calibration';
import type { JudgeDisagreement, JudgedItem } from './judged-items.ts';
import type { LabelRef } from './labels.ts';
import type { RankedItem, RankSegment } from './queue-ranks.ts';
import { labelledRefs, type ResolvedLabels } from './run-label-queue.ts';
import type { EvalStore } from './store.ts';

/** What a caller may keep for a completed run between queues: all of it holds while the run is completed. */
export interface KeptRanked {
  /** Label keys resolved to the run's verdicts so far (see labelledRefs). */
  resolved?: ResolvedLabels;
  /** The ranked verdicts of each case read so far. */
  cases?: Map<string, RankedItem[]>;
  /** The run's judgeDisagreements, while its re-judges are as they were. */
  disagreements?: readonly JudgeDisagreement[];
}

/** A completed run's label queue, counted but not read: pages are read from the store as they are asked for. */
export interface RankedLabelQueue {
  /** Unlabelled verdicts in the whole queue. */
  total: number;
  /** Verdicts of the run a person labelled already (on this answer). */
  labelled: number;
  /** `limit` entries of the queue from `offset` on, in the order orderLabelQueue gives. */
  page(offset: number, limit: number): QueuedItem<JudgedItem>[];
}

/** One stretch of the queue: how many entries it has, and how to read some of them. */
interface Stretch {
  count: number;
  read(from: number, count: number): QueuedItem<JudgedItem>[];
}

const listed = (entries: QueuedItem<JudgedItem>[]): Stretch => ({
  count: entries.length,
  read: (from, count) => entries.slice(from, from + count),
});

/**
 * A completed run's label queue in core's orderLabelQueue order, without reading all its verdicts: each
 * verdict's place in saved order is stored when the run completes (migration 13). The low-confidence
 * verdicts and the unlabelled items, most of a large run, are counted and paged in SQL by their indexes;
 * what labels and re-judges decide (verdicts labelled, disputed, on items with labels) is a few cases read
 * by case, and left out of those two stretches by place. Only for a completed run: a running one has no
 * places yet (runLabelQueue orders it in full).
 */
export function rankedLabelQueue(
  store: EvalStore,
  runId: number,
  labels: LabelRef[],
  lowConfidence: number,
  kept: KeptRanked = {},
): RankedLabelQueue {
  const isLow = (item: JudgedItem) => item.confidence !== undefined && item.confidence < lowConfidence;
  const labelledCases = new Set(labels.map((label) => label.caseId));
  const disagreements = kept.disagreements ?? store.judgeDisagreements(runId);
  const disputedCases = new Set(disagreements.map((row) => row.caseId));

  // The cases labels and re-judges touch, read in one query (those not read for this run before).
  const cases = kept.cases ?? new Map<string, RankedItem[]>();
  const unread = [...new Set([...labelledCases, ...disputedCases])].filter((caseId) => !cases.has(caseId));
  for (const [caseId, items] of store.rankedItemsOfCases(runId, unread)) cases.set(caseId, items);
  const ofCase = (caseId: string): RankedItem[] => cases.get(caseId) ?? [];

  const labelled = new Map<number, RankedItem>();
  if (store.labelKeysSaved(runId)) {
    // Each verdict was saved with the key a label on it gets: the labelled ones are found by key.
    const keys = labels.map((label) => label.key);
    for (const item of store.rankedItemsLabelled(runId, keys)) labelled.set(item.rank, item);
  } else {
    const onLabels = labelledRefs(store, runId, labels, kept.resolved);
    for (const caseId of labelledCases) {
      for (const item of ofCase(caseId)) if (onLabels.has(itemRef(item))) labelled.set(item.rank, item);
    }
  }

  const otherOf = disagreementsOf(disagreements);
  const disputed: QueuedItem<RankedItem>[] = [];
  for (const caseId of disputedCases) {
    for (const item of ofCase(caseId)) {
      const other = isLow(item) || labelled.has(item.rank) ? undefined : otherOf(item);
      if (other !== undefined) disputed.push({ item, reason: { why: 'judges-disagree', other } });
    }
  }
  disputed.sort((a, b) => a.item.rank - b.item.rank);

  const labelsOn = labelCountsOf(labels);
  const withLabels: { item: RankedItem; labels: number }[] = [];
  for (const caseId of labelledCases) {
    for (const item of ofCase(caseId)) {
      if (isLow(item) || labelled.has(item.rank) || otherOf(item) !== undefined) continue;
      const count = labelsOn(item);
      if (count > 0) withLabels.push({ item, labels: count });
    }
  }
  withLabels.sort((a, b) => a.labels - b.labels || a.item.rank - b.item.rank);

  const low: RankSegment = {
    lowConfidence: true,
    threshold: lowConfidence,
    excluded: [...labelled.values()].filter(isLow).map((item) => item.rank),
  };
  const fresh: RankSegment = {
    lowConfidence: false,
    threshold: lowConfidence,
    excluded: [
      ...[...labelled.values()].filter((item) => !isLow(item)).map((item) => item.rank),
      ...disputed.map(({ item }) => item.rank),
      ...withLabels.map(({ item }) => item.rank),
    ],
  };
  // The low-confidence verdicts are counted in their index (a few in a large run); the rest is what is
  // left of the run's places: counting them in SQL would step through every place of the run.
  const lowCount = store.rankSegmentCount(runId, low);
  const freshCount = store.rankedCount(runId) - lowCount - low.excluded.length - fresh.excluded.length;
  const paged = (segment: RankSegment, count: number, reason: (item: RankedItem) => QueueReason): Stretch => ({
    count,
    read: (from, count) =>
      store
        .rankedItems(runId, store.rankSegment(runId, segment, from, count))
        .map((item) => ({ item, reason: reason(item) })),
  });
  const stretches = [
    paged(low, lowCount, (item) => ({
      why: 'low-confidence',
      confidence: item.confidence ?? 0,
      threshold: lowConfidence,
    })),
    listed(disputed),
    paged(fresh, freshCount, () => ({ why: 'unlabelled-item' })),
    listed(withLabels.map(({ item, labels }) => ({ item, reason: { why: 'labelled-item', labels } }))),
  ];
  return {
    total: stretches.reduce((sum, stretch) => sum + stretch.count, 0),
    labelled: labelled.size,
    page(offset, limit) {
      const entries: QueuedItem<JudgedItem>[] = [];
      let from = offset;
      for (const stretch of stretches) {
        if (entries.length >= limit) break;
        if (from >= stretch.count) {
          from -= stretch.count;
          continue;
        }
        entries.push(...stretch.read(from, Math.min(limit - entries.length, stretch.count - from)));
        from = 0;
      }
      return entries;
    },
  };
}
