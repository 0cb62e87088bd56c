import { epochCounts, passHatK } from '../grade/pass-k.ts';
import type { CaseTally } from '../grade/reduce-epochs.ts';
import { clusteredMeanDifference, type MeanDifference } from '../stats/clustered.ts';
import { type PermutationTest, pairedPermutationTest } from '../stats/permutation.ts';

/**
 * The comparison of a pack whose headline is pass^k (definePack `headline`): each case's pass^k on the
 * two sides (pass-k.ts), paired by case. Only cases with at least k graded epochs on both sides pair; the
 * difference is the paired t interval over cases (one value per case), and the test the same sign-flip
 * test over cases the item comparison uses, so the verdict rule is unchanged.
 */
export interface PassKComparison {
  k: number;
  /** Mean pass^k over the paired cases, per side. */
  baseline: number;
  variant: number;
  /** Mean of variant − baseline pass^k per case, paired t interval over cases. */
  difference: MeanDifference;
  permutation: PermutationTest;
  /** Cases with k graded epochs on both sides: the pairs. */
  cases: number;
  /** Cases left out: fewer than k graded epochs on a side (errors, not judged). */
  unpaired: number;
}

export function comparePassK(
  baseline: readonly CaseTally[],
  variant: readonly CaseTally[],
  k: number,
  seed: number,
): PassKComparison {
  const variantById = new Map(variant.map((tally) => [tally.case.id, tally]));
  const pairs: [number, number][] = [];
  const ids = new Set([...baseline, ...variant].map((tally) => tally.case.id));
  for (const tally of baseline) {
    const other = variantById.get(tally.case.id);
    if (!other) continue;
    const [b, v] = [epochCounts(tally), epochCounts(other)];
    if (b.graded < k || v.graded < k) continue;
    pairs.push([passHatK(b.passed, b.graded, k), passHatK(v.passed, v.graded, k)]);
  }
  const mean = (side: 0 | 1) => (pairs.length ? pairs.reduce((sum, p) => sum + p[side], 0) / pairs.length : Number.NaN);
  const differences = pairs.map(([b, v]) => v - b);
  return {
    k,
    baseline: mean(0),
    variant: mean(1),
    difference: clusteredMeanDifference(differences.map((d) => [d])),
    permutation: pairedPermutationTest(differences, { seed }),
    cases: pairs.length,
    unpaired: ids.size - pairs.length,
  };
}
