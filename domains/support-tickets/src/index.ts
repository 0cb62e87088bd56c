import { definePack } from '@evalpacks/core';
import { checks } from './checks.ts';
import { goldenToCase } from './golden.ts';
import { createSupportDesk } from './tools.ts';

export { checks } from './checks.ts';
export { type GoldenLine, GoldenLineSchema, goldenToCase } from './golden.ts';
export { type Order, OrderBook, type Refund, RefundRefused, SEED_ORDERS } from './order-book.ts';
export { createSupportDesk, supportTools, TOOL_NAMES } from './tools.ts';

export default definePack({
  name: 'support-tickets',
  description:
    "A shop's customer-support agent with tools to look up orders, issue refunds and escalate to a human, " +
    'run against a fresh in-memory order book per case; golden JSONL scenarios with expected and forbidden tools.',
  root: new URL('..', import.meta.url),
  checks,
  toCase: goldenToCase,
  tools: () => createSupportDesk().tools,
  judge: {
    subject: 'support reply',
    guidance:
      'Judge the reply against what the tool calls show really happened: a refund counts only if issue_refund succeeded.',
  },
});
