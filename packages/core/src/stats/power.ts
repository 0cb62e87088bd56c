import { smallestPermutationP } from './permutation.ts';
import { studentTQuantile } from './student-t.ts';

export interface DetectableOptions {
  /** Standard error of the difference the comparison estimates. */
  standardError: number;
  /** Degrees of freedom of its t critical value (clusters − 1). */
  df: number;
  alpha?: number;
  power?: number;
}

/**
 * The minimum detectable difference: the smallest true difference a two-sided test at level α finds with
 * the given power, MDD = (t_{1−α/2} + t_{power}) · SE (Bloom 1995, "Minimum Detectable Effects",
 * Evaluation Review 19(5); with normal quantiles the familiar 2.8 · SE at α = 0.05 and 80% power).
 */
export function minimumDetectableDifference(options: DetectableOptions): number {
  const { standardError, df, alpha = 0.05, power = 0.8 } = options;
  if (!(df > 0) || !Number.isFinite(standardError)) return Number.POSITIVE_INFINITY;
  return (studentTQuantile(1 - alpha / 2, df) + studentTQuantile(power, df)) * standardError;
}

/**
 * The standard error of a paired difference in pass rate when both sides pass at `rate` and nothing is
 * known of how their outcomes go together: that of two independent samples of `items` items,
 * √(2·p(1−p)/n). Compare uses it when the observed one is zero; eval --list for a pack not yet run.
 */
export function assumedPairedStandardError(rate: number, items: number): number {
  return Math.sqrt((2 * rate * (1 - rate)) / Math.max(1, items));
}

export interface PlannedCompare {
  /** Judged items and checks of one side (one epoch). */
  items: number;
  /** Cases: the clusters the permutation test flips. */
  cases: number;
  /** Both sides' assumed pass rate. */
  rate: number;
  alpha?: number;
  power?: number;
}

/**
 * The smallest change in pass rate a compare of these cases would detect with the given power (80%), the
 * way compare's `detectable` line works it out before anything is observed: the minimum detectable
 * difference over the assumed standard error, on cases − 1 degrees of freedom. Infinity when the sign-flip
 * test over that many cases can never reach α.
 */
export function plannedDetectable({ items, cases, rate, alpha = 0.05, power = 0.8 }: PlannedCompare): number {
  if (cases < 2 || smallestPermutationP(cases) >= alpha) return Number.POSITIVE_INFINITY;
  return minimumDetectableDifference({
    standardError: assumedPairedStandardError(rate, items),
    df: cases - 1,
    alpha,
    power,
  });
}
