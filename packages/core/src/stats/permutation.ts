import { seededRandom } from './random.ts';

export interface PermutationTest {
  pValue: number;
  /** 'exact' enumerates every sign assignment; 'monte-carlo' draws `draws` of them from the seed. */
  method: 'exact' | 'monte-carlo';
  /** Sign assignments examined. */
  draws: number;
}

export interface PermutationOptions {
  seed?: number;
  /** Above this many non-zero clusters the test samples instead of enumerating 2^n assignments. */
  maxExactClusters?: number;
  draws?: number;
}

/**
 * Paired permutation (sign-flip) test over clusters, two-sided: under H0 the two sides are exchangeable
 * within a case, so each case's total difference is as likely positive as negative (Fisher 1935, The
 * Design of Experiments, §21). p = the share of sign assignments whose |Σ| reaches the observed |Σ|.
 * Exact up to `maxExactClusters` non-zero cases, else Monte Carlo with the seed, p = (1 + hits)/(1 + draws).
 */
export function pairedPermutationTest(
  differences: readonly number[],
  options: PermutationOptions = {},
): PermutationTest {
  const { seed = 1, maxExactClusters = 16, draws = 20_000 } = options;
  const values = differences.filter((d) => d !== 0);
  const observed = Math.abs(values.reduce((sum, d) => sum + d, 0));
  // Sums of the same values in another order can differ in the last bit; do not let that decide a tie.
  const reaches = (sum: number) => Math.abs(sum) >= observed - 1e-9 * Math.max(1, observed);
  if (values.length === 0) return { pValue: 1, method: 'exact', draws: 1 };
  if (values.length <= maxExactClusters) {
    const count = 2 ** values.length;
    let hits = 0;
    for (let mask = 0; mask < count; mask++) {
      let sum = 0;
      for (let i = 0; i < values.length; i++) sum += mask & (1 << i) ? -(values[i] as number) : (values[i] as number);
      if (reaches(sum)) hits++;
    }
    return { pValue: hits / count, method: 'exact', draws: count };
  }
  const random = seededRandom(seed);
  let hits = 0;
  for (let draw = 0; draw < draws; draw++) {
    let sum = 0;
    for (const value of values) sum += random() < 0.5 ? -value : value;
    if (reaches(sum)) hits++;
  }
  return { pValue: (1 + hits) / (1 + draws), method: 'monte-carlo', draws };
}

/** The smallest two-sided p-value a sign-flip test over n non-zero cases can produce: 2 / 2^n. */
export function smallestPermutationP(cases: number): number {
  return Math.min(1, 2 / 2 ** cases);
}
