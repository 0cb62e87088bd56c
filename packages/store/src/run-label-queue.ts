import type { Label } from '@evalpacks/core';
import {
  inputHash,
  itemLabelsKey,
  itemRef,
  labelCountsOf,
  labelKey,
  orderLabelQueue,
  type QueuedItem,
} from '@evalpacks/core/calibration';
import type { JudgedItem } from './judged-items.ts';
import type { EvalStore } from './store.ts';

/**
 * The verdicts of `items` (a run's, as judgedItems lists them) that no label in `labels` is on. A label
 * names its answer, so only the results of cases with a label on one of their items are read to tell;
 * every other verdict is unlabelled without reading its answer.
 */
export function unlabelledItems(store: EvalStore, runId: number, items: readonly JudgedItem[], labels: Label[]) {
  const labelledItems = new Set(labels.map(itemLabelsKey));
  const keys = new Set(labels.map(labelKey));
  const labelled = new Set<string>();
  const read = new Set<string>();
  for (const item of items) {
    if (!labelledItems.has(itemLabelsKey(item)) || read.has(item.caseId)) continue;
    read.add(item.caseId);
    for (const result of store.caseResults(runId, item.caseId)) {
      const material = {
        inputSha256: inputHash(result.case.input),
        answer: result.transcript.answer,
        toolCalls: result.transcript.toolCalls,
        caseId: result.case.id,
      };
      for (const verdict of result.verdicts) {
        if (keys.has(labelKey({ ...material, kind: verdict.kind, itemId: verdict.itemId }))) {
          labelled.add(itemRef({ caseId: result.case.id, epoch: result.epoch, ...verdict }));
        }
      }
    }
  }
  return labelled.size === 0 ? [...items] : items.filter((item) => !labelled.has(itemRef(item)));
}

export interface RunLabelQueue {
  /** The run's unlabelled verdicts, most worth a label first, each with why. */
  queue: QueuedItem<JudgedItem>[];
  /** Verdicts of the run a person labelled already (on this answer). */
  labelled: number;
}

/**
 * A run's label queue (core's orderLabelQueue): its unlabelled verdicts, with the confidence each was
 * given, the re-judges that decided them the other way and the labels each item has. `items` is the run's
 * judgedItems when the caller kept them (a completed run's never change).
 */
export function runLabelQueue(
  store: EvalStore,
  runId: number,
  labels: Label[],
  lowConfidence: number,
  items: readonly JudgedItem[] = store.judgedItems(runId),
): RunLabelQueue {
  const unlabelled = unlabelledItems(store, runId, items, labels);
  const disagreements = new Map<string, string>();
  for (const row of store.judgeDisagreements(runId)) {
    const ref = itemRef(row);
    if (!disagreements.has(ref)) disagreements.set(ref, row.other);
  }
  const queue = orderLabelQueue({
    items: unlabelled,
    lowConfidence,
    disagreements,
    labelCounts: labelCountsOf(labels),
  });
  return { queue, labelled: items.length - unlabelled.length };
}
