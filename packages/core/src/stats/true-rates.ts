import { type Interval, wilsonInterval } from './wilson.ts';

/** A rate with the counts behind it and its Wilson interval. */
export interface CountedRate extends Interval {
  k: number;
  n: number;
}

/** How a binary rater (a judge) fares against a reference (people's labels). */
export interface TrueRates {
  /** Sensitivity: of the items the reference calls positive, the share the rater calls positive. */
  tpr: CountedRate;
  /** Specificity: of the items the reference calls negative, the share the rater calls negative. */
  tnr: CountedRate;
}

/** The four cells of a 2×2 table of rater against reference. */
export interface Confusion {
  truePositive: number;
  falseNegative: number;
  trueNegative: number;
  falsePositive: number;
}

/** TPR and TNR with Wilson score intervals; an empty reference class gives NaN with the interval [0, 1]. */
export function trueRates(counts: Confusion, level = 0.95): TrueRates {
  const rate = (k: number, n: number): CountedRate => ({ k, n, ...wilsonInterval(k, n, level) });
  return {
    tpr: rate(counts.truePositive, counts.truePositive + counts.falseNegative),
    tnr: rate(counts.trueNegative, counts.trueNegative + counts.falsePositive),
  };
}
