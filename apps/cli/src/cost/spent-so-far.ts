import type { CostOf, SavedUsage } from '@evalpacks/store';

/** What saved results cost at list price (unknown prices count 0): a resumed run's budget starts there. */
export function spentSoFar(usage: SavedUsage, costOf: CostOf): number {
  // Prices are per token, so the cost of the summed tokens is the sum of each result's cost.
  return (costOf('agent', usage.agent) ?? 0) + (costOf('judge', usage.judge) ?? 0) + (costOf('user', usage.user) ?? 0);
}
