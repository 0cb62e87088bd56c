import { createHash } from 'node:crypto';
import type { LabelledVerdict } from '../judge-labels.ts';
import { labelKey } from '../label-key.ts';

/** One split of k-fold cross-validation: the labels a proposal may learn from, and those it is measured on. */
export interface Fold<T> {
  index: number;
  training: T[];
  heldOut: T[];
}

/**
 * k folds over items, each held out exactly once. The order is the items' keys hashed, not their
 * position, so a split does not follow the labels file's order (labels of one case together) and the same
 * labels always fall into the same folds: a re-run asks the same questions and finds them in the call cache.
 * Throws when there are fewer items than folds (a fold would be empty).
 */
export function kFolds<T>(items: readonly T[], k: number, keyOf: (item: T) => string): Fold<T>[] {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`k-fold cross-validation needs k ≥ 2 folds, not ${k}`);
  if (items.length < k) throw new RangeError(`${items.length} items cannot fill ${k} folds`);
  const shuffled = items
    .map((item) => ({
      item,
      order: createHash('sha256')
        .update(`evalpacks-fold-v1\n${keyOf(item)}`)
        .digest('hex'),
    }))
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const fold = new Map(shuffled.map(({ item }, i) => [item, i % k]));
  return Array.from({ length: k }, (_, index) => ({
    index,
    training: items.filter((item) => fold.get(item) !== index),
    heldOut: items.filter((item) => fold.get(item) === index),
  }));
}

/** The folds of labelled verdicts, keyed by what each label is on. */
export const labelFolds = (items: readonly LabelledVerdict[], k: number): Fold<LabelledVerdict>[] =>
  kFolds(items, k, (item) => labelKey(item.label));
