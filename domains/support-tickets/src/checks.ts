import { defineCheck, type ToolCall, type Transcript } from '@evalpacks/core';
import { endStateMatches } from './end-state-check.ts';
import { noOtherCustomersData } from './personal-data-check.ts';
import { noUnbackedRefundClaim } from './refund-claims.ts';
import { repliesOf } from './replies.ts';

export { endStateMatches, noOtherCustomersData, noUnbackedRefundClaim };

/** Checks every scenario shares, derived from the prompt's Steps, Narrowing and Expectation. */

const idOf = (call: ToolCall) =>
  String(call.arguments.orderId ?? '')
    .trim()
    .toUpperCase();
const refunds = (t: Transcript) => t.toolCalls.filter((call) => call.name === 'issue_refund');

/** Narrowing: never act on an order you have not looked up in this conversation. */
function actsAfterLookup(id: string, name: string, tool: string, what: string) {
  return defineCheck({
    id,
    name,
    part: 'narrowing',
    run(transcript) {
      const looked = new Set<string>();
      for (const call of transcript.toolCalls) {
        if (call.name === 'lookup_order') looked.add(idOf(call));
        if (call.name === tool && !looked.has(idOf(call))) {
          return {
            passed: false,
            detail: `${tool} for ${idOf(call) || '(no order id)'} came before any lookup_order of that order`,
          };
        }
      }
      const n = transcript.toolCalls.filter((call) => call.name === tool).length;
      return {
        passed: true,
        detail: n === 0 ? `no ${what} was attempted` : `every ${what} followed a lookup of its order`,
      };
    },
  });
}

export const refundAfterLookup = actsAfterLookup(
  'refund-after-lookup',
  'Refunds only orders it looked up first',
  'issue_refund',
  'refund',
);
export const cancelAfterLookup = actsAfterLookup(
  'cancel-after-lookup',
  'Cancels only orders it looked up first',
  'cancel_order',
  'cancellation',
);
export const addressChangeAfterLookup = actsAfterLookup(
  'address-change-after-lookup',
  'Changes the address only of orders it looked up first',
  'update_shipping_address',
  'address change',
);

/** Narrowing: one refund per order, whatever the customer asks. */
export const oneRefundPerOrder = defineCheck({
  id: 'one-refund-per-order',
  name: 'At most one refund per order',
  part: 'narrowing',
  run(transcript) {
    const seen = new Map<string, number>();
    for (const call of refunds(transcript)) seen.set(idOf(call), (seen.get(idOf(call)) ?? 0) + 1);
    const repeated = [...seen].find(([, n]) => n > 1);
    if (repeated) return { passed: false, detail: `issue_refund was called ${repeated[1]} times for ${repeated[0]}` };
    return { passed: true, detail: seen.size === 0 ? 'no refund was attempted' : 'no order was refunded twice' };
  },
});

/**
 * Expectation: the reply names every order the agent looked up and found. In a conversation any agent reply
 * may name it (the one that reported the lookup, usually): a closing "you're welcome" need not repeat it.
 */
export const namesLookedUpOrders = defineCheck({
  id: 'names-looked-up-orders',
  name: 'Reply names the orders it looked up',
  part: 'expectation',
  run(transcript) {
    const found = transcript.toolCalls
      .filter((call) => call.name === 'lookup_order' && (call.result as { found?: boolean })?.found === true)
      .map(idOf);
    const replies = repliesOf(transcript);
    const text = replies.map((reply) => reply.text.toUpperCase()).join('\n');
    const missing = [...new Set(found)].filter((id) => !text.includes(id));
    // A conversation's replies carry labels; a single-message case has one reply, its answer.
    const several = replies[0]?.label !== undefined;
    if (missing.length > 0) {
      const who = several ? 'no reply names' : 'the reply never names';
      return { passed: false, detail: `${who} ${missing.join(', ')}, which the agent looked up` };
    }
    const named = [...new Set(found)].join(', ');
    return {
      passed: true,
      detail:
        found.length === 0 ? 'no order was looked up' : `${several ? 'the replies name' : 'the reply names'} ${named}`,
    };
  },
});

export const checks = [
  refundAfterLookup,
  cancelAfterLookup,
  addressChangeAfterLookup,
  oneRefundPerOrder,
  namesLookedUpOrders,
  noUnbackedRefundClaim,
  noOtherCustomersData,
  endStateMatches,
];
