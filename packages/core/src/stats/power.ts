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
