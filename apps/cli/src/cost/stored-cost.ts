import { costOf, type ModelRef, type PriceLookup } from '@evalpacks/core';
import type { CostOf } from '@evalpacks/store';

/** What the store records as each role's cost: list price of the tokens, unknown without a price. */
export function storedCost(priceOf: PriceLookup, agent: ModelRef, judge: ModelRef | undefined): CostOf {
  return (role, usage) => {
    const ref = role === 'agent' ? agent : judge;
    const price = ref && priceOf(ref);
    return price ? costOf(usage, price) : undefined;
  };
}
