import type { ModelRef, TokenUsage } from '@evalpacks/core';
import { costOf, type PriceLookup } from '@evalpacks/core/report';

/** A role's tokens at list price (agent, judge or a conversation's simulated user), unknown without one. */
export type RoleCostOf = (role: 'agent' | 'judge' | 'user', usage: TokenUsage) => number | undefined;

/** What the store records as each role's cost: list price of the tokens, unknown without a price. */
export function storedCost(
  priceOf: PriceLookup,
  agent: ModelRef,
  judge: ModelRef | undefined,
  user?: ModelRef,
): RoleCostOf {
  return (role, usage) => {
    const ref = role === 'agent' ? agent : role === 'user' ? user : judge;
    const price = ref && priceOf(ref);
    return price ? costOf(usage, price) : undefined;
  };
}
