import { definePack } from '@evalpacks/core';
import { checks } from './checks.ts';
import { goldenToCase } from './golden.ts';
import { createSupportDesk } from './tools.ts';

export { checks } from './checks.ts';
export { compareEndStates, type EndState, EndStateSchema } from './end-state.ts';
export { endStateMatches } from './end-state-check.ts';
export { type GoldenLine, GoldenLineSchema, goldenToCase, ticketInput } from './golden.ts';
export { ChangeRefused, OrderBook, type Refund, RefundRefused } from './order-book.ts';
export { type Address, CUSTOMERS, type Customer, type Order, SEED_ORDERS, TODAY } from './shop.ts';
export { createSupportDesk, supportTools, TOOL_NAMES } from './tools.ts';

export default definePack({
  name: 'support-tickets',
  description:
    "A shop's customer-support agent with tools to look up orders, refund, cancel, change a shipping address " +
    'and escalate to a human, run against a fresh in-memory order book per case; golden JSONL scenarios from ' +
    'signed-in customers, with expected and forbidden tools and the order book each must leave behind.',
  root: new URL('..', import.meta.url),
  checks,
  toCase: goldenToCase,
  // A customer gets one try: with --repeat k a scenario counts only if every epoch got it right, and compare
  // decides on that.
  headline: 'pass^k',
  // A fresh order book per case run; its snapshot after the run is what the end-state check compares.
  environment: () => {
    const { tools, snapshot } = createSupportDesk();
    return { tools, snapshot };
  },
  judge: {
    subject: 'support reply',
    guidance:
      'Judge the reply against what the tool calls show really happened: a refund, cancellation or address ' +
      'change counts only if its tool call succeeded.',
  },
});
