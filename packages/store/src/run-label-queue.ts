import type { PackLabel } from '@evalpacks/core';
import {
  disagreementsOf,
  inputHash,
  itemRef,
  labelCountsOf,
  labelKey,
  orderLabelQueue,
  type QueuedItem,
} from '@evalpacks/core/calibration';
import type { JudgeDisagreement, JudgedItem } from './judged-items.ts';
import type { LabelRef } from './labels.ts';
import type { EvalStore } from './store.ts';

/** A label as a queue needs it (see LabelRef), from a label read elsewhere (a pack's labels file). */
export const labelRefOf = (label: PackLabel): LabelRef => ({
  key: labelKey(label),
  caseId: label.caseId,
  kind: label.kind,
  itemId: label.itemId,
  answer: label.answer,
});

/**
 * Which verdicts of a run each label key is on (none: the label is on another answer). A key names its
 * answer, so what it resolves to in a completed run never changes: a caller may keep `resolved` between
 * calls for that run, and only labels given since are looked up.
 */
export type ResolvedLabels = Map<string, string[]>;

/**
 * Which verdicts of a run (as itemRef names them, judged or not) the labels in `labels` are on. Only cases
 * with a label are read (their input, answers and tool calls), and a key is worked out only for an answer
 * a label is on.
 */
export function labelledRefs(
  store: EvalStore,
  runId: number,
  labels: LabelRef[],
  resolved: ResolvedLabels = new Map(),
): Set<string> {
  const byCase = new Map<string, LabelRef[]>();
  for (const label of labels) {
    if (!resolved.has(label.key)) byCase.set(label.caseId, [...(byCase.get(label.caseId) ?? []), label]);
  }
  for (const [caseId, onCase] of byCase) {
    for (const label of onCase) resolved.set(label.key, []);
    // The epochs of a case share its input: hashed once.
    const hashed = new Map<string, string>();
    const hashOf = (input: string) => hashed.get(input) ?? hashed.set(input, inputHash(input)).get(input);
    for (const saved of store.keyMaterial(runId, caseId, [...new Set(onCase.map((label) => label.answer))])) {
      const matching = onCase.filter((label) => label.answer === saved.answer);
      if (matching.length === 0) continue;
      const material = {
        inputSha256: hashOf(saved.input) as string,
        answer: saved.answer,
        toolCalls: JSON.parse(saved.toolCallsJson) as PackLabel['toolCalls'],
        ...(saved.conversationJson !== null && {
          conversation: JSON.parse(saved.conversationJson) as PackLabel['conversation'],
        }),
        caseId,
      };
      for (const { key, kind, itemId } of matching) {
        if (labelKey({ ...material, kind, itemId }) === key) {
          resolved.get(key)?.push(itemRef({ caseId, epoch: saved.epoch, kind, itemId }));
        }
      }
    }
  }
  return new Set(labels.flatMap((label) => resolved.get(label.key) ?? []));
}

/**
 * The verdicts of `items` (a run's, as judgedItems lists them) that no label in `labels` is on (see
 * labelledRefs): every verdict of a case without a label is unlabelled without reading it.
 */
export function unlabelledItems(
  store: EvalStore,
  runId: number,
  items: readonly JudgedItem[],
  labels: LabelRef[],
  resolved: ResolvedLabels = new Map(),
): JudgedItem[] {
  const labelled = labelledRefs(store, runId, labels, resolved);
  if (labelled.size === 0) return [...items];
  const labelledCases = new Set(labels.map((label) => label.caseId));
  return items.filter((item) => !labelledCases.has(item.caseId) || !labelled.has(itemRef(item)));
}

export interface RunLabelQueue {
  /** The run's unlabelled verdicts, most worth a label first, each with why. */
  queue: QueuedItem<JudgedItem>[];
  /** Verdicts of the run a person labelled already (on this answer). */
  labelled: number;
}

/** What a caller may keep for a completed run between queues (see queuePages in the viewer). */
export interface KeptForRun {
  /** The run's judgedItems. */
  items?: readonly JudgedItem[];
  /** Label keys resolved to the run's verdicts so far. */
  resolved?: ResolvedLabels;
  /** The run's judgeDisagreements, while its re-judges are as they were (see kinVersion). */
  disagreements?: readonly JudgeDisagreement[];
}

/**
 * A run's label queue (core's orderLabelQueue): its unlabelled verdicts, with the confidence each was
 * given, the re-judges that decided them the other way and the labels each item has.
 */
export function runLabelQueue(
  store: EvalStore,
  runId: number,
  labels: LabelRef[],
  lowConfidence: number,
  kept: KeptForRun = {},
): RunLabelQueue {
  const items = kept.items ?? store.judgedItems(runId);
  const unlabelled = unlabelledItems(store, runId, items, labels, kept.resolved);
  const queue = orderLabelQueue({
    items: unlabelled,
    lowConfidence,
    disagreementOn: disagreementsOf(kept.disagreements ?? store.judgeDisagreements(runId)),
    labelsOn: labelCountsOf(labels),
  });
  return { queue, labelled: items.length - unlabelled.length };
}
