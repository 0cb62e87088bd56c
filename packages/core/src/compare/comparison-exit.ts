import type { ComparisonVerdict } from './compare-runs.ts';

/**
 * compare's exit code: 1 when the variant is detectably worse (a regression, as a failed eval is), 2 when
 * an agent or judge error on either side leaves the comparison inconclusive (the harness could not
 * answer the question), else 0.
 */
export function comparisonExitCode(verdict: ComparisonVerdict): 0 | 1 | 2 {
  if (verdict === 'inconclusive') return 2;
  return verdict === 'worse' ? 1 : 0;
}
