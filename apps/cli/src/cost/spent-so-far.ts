import type { CaseResult } from '@evalpacks/core';
import type { CostOf } from '@evalpacks/store';

/** What saved results cost at list price (unknown prices count 0): a resumed run's budget starts there. */
export function spentSoFar(results: Iterable<CaseResult>, costOf: CostOf): number {
  let usd = 0;
  for (const result of results) {
    usd += costOf('agent', result.transcript.usage) ?? 0;
    usd += costOf('judge', result.judgeUsage) ?? 0;
  }
  return usd;
}
