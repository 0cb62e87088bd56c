import type { JudgedItemKind } from '../schema/verdict.ts';

/** One verdict a person could label: the judged item of one result, as the queue needs it (no answer text). */
export interface QueueCandidate {
  caseId: string;
  epoch: number;
  kind: JudgedItemKind;
  itemId: string;
  /** What the judge said. */
  passed: boolean;
  /** The probability of its decision token, where the backend returned one. */
  confidence?: number;
}

/**
 * Why an item is where it is in the queue, most valuable first: a verdict the judge was unsure of; one a
 * second judge answered the other way; an item nobody labelled on any answer yet; the rest, fewest labels
 * first.
 */
export type QueueReason =
  | { why: 'low-confidence'; confidence: number; threshold: number }
  | { why: 'judges-disagree'; other: string }
  | { why: 'unlabelled-item' }
  | { why: 'labelled-item'; labels: number };

export interface QueuedItem<T extends QueueCandidate> {
  item: T;
  reason: QueueReason;
}

export interface LabelQueueInputs<T extends QueueCandidate> {
  /** The unlabelled verdicts, in the order their results were saved (the order ties keep). */
  items: readonly T[];
  /** Below this decision-token probability a verdict is low-confidence. */
  lowConfidence: number;
  /** The other judge that decided this verdict the opposite way, if one did (see disagreementsOf). */
  disagreementOn: (item: T) => string | undefined;
  /** How many labels the pack holds on this verdict's item, on any answer (see labelCountsOf). */
  labelsOn: (item: T) => number;
}

/** Values by case, then by the rest of their key: most cases have none, and a miss costs no string built. */
type ByCase<V> = Map<string, Map<string, V>>;

type Ref = Pick<QueueCandidate, 'caseId' | 'epoch' | 'kind' | 'itemId'>;

/** Which verdict of which result: case, epoch and item. */
export const itemRef = (item: Ref): string => `${item.caseId}\u0000${item.epoch}\u0000${item.kind}\u0000${item.itemId}`;

/** Which item of which case, whatever the answer: what labels are counted by. */
export const itemLabelsKey = (item: Pick<QueueCandidate, 'caseId' | 'kind' | 'itemId'>): string =>
  `${item.caseId}\u0000${item.kind}\u0000${item.itemId}`;

/**
 * The unlabelled verdicts ordered by what a label on each is worth, each with its reason. Low-confidence
 * verdicts first, least confident first (a label there corrects the judge where it is most likely wrong);
 * then those two judges disagree on; then items with no label on any answer (each gives the calibration a
 * new item); then the rest, fewest labels on their item first. Ties keep the saved order, so the queue is
 * stable from page to page while nobody labels.
 */
export function orderLabelQueue<T extends QueueCandidate>(inputs: LabelQueueInputs<T>): QueuedItem<T>[] {
  const unsure: QueuedItem<T>[] = [];
  const disputed: QueuedItem<T>[] = [];
  const fresh: QueuedItem<T>[] = [];
  const rest: QueuedItem<T>[] = [];
  for (const item of inputs.items) {
    if (item.confidence !== undefined && item.confidence < inputs.lowConfidence) {
      unsure.push({
        item,
        reason: { why: 'low-confidence', confidence: item.confidence, threshold: inputs.lowConfidence },
      });
      continue;
    }
    const other = inputs.disagreementOn(item);
    if (other !== undefined) {
      disputed.push({ item, reason: { why: 'judges-disagree', other } });
      continue;
    }
    const labels = inputs.labelsOn(item);
    if (labels === 0) fresh.push({ item, reason: { why: 'unlabelled-item' } });
    else rest.push({ item, reason: { why: 'labelled-item', labels } });
  }
  // Array.prototype.sort is stable: equal keys keep the saved order.
  unsure.sort((a, b) => (a.item.confidence ?? 0) - (b.item.confidence ?? 0));
  const labelsOf = (queued: QueuedItem<T>) => (queued.reason.why === 'labelled-item' ? queued.reason.labels : 0);
  rest.sort((a, b) => labelsOf(a) - labelsOf(b));
  return [...unsure, ...disputed, ...fresh, ...rest];
}

/** The reason in a few words, as the viewer's queue and `calibrate --queue` print it. */
export function queueReasonText(reason: QueueReason): string {
  switch (reason.why) {
    case 'low-confidence':
      return `low confidence: ${reason.confidence.toFixed(2)} < ${reason.threshold}`;
    case 'judges-disagree':
      return `judges disagree: ${reason.other} said the opposite`;
    case 'unlabelled-item':
      return 'no label on this item yet';
    case 'labelled-item':
      return `${reason.labels} ${reason.labels === 1 ? 'label' : 'labels'} on this item so far`;
  }
}

/** How many of `labels` are on each item (case, kind, item), as orderLabelQueue's labelsOn. */
export function labelCountsOf(labels: readonly Pick<QueueCandidate, 'caseId' | 'kind' | 'itemId'>[]) {
  const counts: ByCase<number> = new Map();
  for (const { caseId, kind, itemId } of labels) {
    const onCase = counts.get(caseId) ?? new Map<string, number>();
    counts.set(caseId, onCase);
    onCase.set(`${kind}\u0000${itemId}`, (onCase.get(`${kind}\u0000${itemId}`) ?? 0) + 1);
  }
  return (item: Pick<QueueCandidate, 'caseId' | 'kind' | 'itemId'>): number =>
    counts.get(item.caseId)?.get(`${item.kind}\u0000${item.itemId}`) ?? 0;
}

/** The first other judge per verdict from rows of disagreements, as orderLabelQueue's disagreementOn. */
export function disagreementsOf(rows: readonly (Ref & { other: string })[]) {
  const others: ByCase<string> = new Map();
  for (const { caseId, epoch, kind, itemId, other } of rows) {
    const onCase = others.get(caseId) ?? new Map<string, string>();
    others.set(caseId, onCase);
    const rest = `${epoch}\u0000${kind}\u0000${itemId}`;
    if (!onCase.has(rest)) onCase.set(rest, other);
  }
  return (item: Ref): string | undefined => {
    if (others.size === 0) return undefined;
    return others.get(item.caseId)?.get(`${item.epoch}\u0000${item.kind}\u0000${item.itemId}`);
  };
}
