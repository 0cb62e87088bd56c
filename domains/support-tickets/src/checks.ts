import { defineCheck, type ToolCall, type Transcript } from '@evalpacks/core';

/** Checks every scenario shares, derived from the prompt's Narrowing and Expectation. */

const idOf = (call: ToolCall) =>
  String(call.arguments.orderId ?? '')
    .trim()
    .toUpperCase();
const refunds = (t: Transcript) => t.toolCalls.filter((call) => call.name === 'issue_refund');

/** Narrowing: never refund an order you have not looked up in this conversation. */
export const refundAfterLookup = defineCheck({
  id: 'refund-after-lookup',
  name: 'Refunds only orders it looked up first',
  part: 'narrowing',
  run(transcript) {
    const looked = new Set<string>();
    for (const call of transcript.toolCalls) {
      if (call.name === 'lookup_order') looked.add(idOf(call));
      if (call.name === 'issue_refund' && !looked.has(idOf(call))) {
        return {
          passed: false,
          detail: `issue_refund for ${idOf(call) || '(no order id)'} came before any lookup_order of that order`,
        };
      }
    }
    const n = refunds(transcript).length;
    return {
      passed: true,
      detail: n === 0 ? 'no refund was attempted' : 'every refund followed a lookup of its order',
    };
  },
});

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

/** Expectation: the reply names every order the agent looked up and found. */
export const namesLookedUpOrders = defineCheck({
  id: 'names-looked-up-orders',
  name: 'Reply names the orders it looked up',
  part: 'expectation',
  run(transcript) {
    const found = transcript.toolCalls
      .filter((call) => call.name === 'lookup_order' && (call.result as { found?: boolean })?.found === true)
      .map(idOf);
    const missing = [...new Set(found)].filter((id) => !transcript.answer.toUpperCase().includes(id));
    if (missing.length > 0) {
      return { passed: false, detail: `the reply never names ${missing.join(', ')}, which the agent looked up` };
    }
    return {
      passed: true,
      detail: found.length === 0 ? 'no order was looked up' : `the reply names ${[...new Set(found)].join(', ')}`,
    };
  },
});

/** Claims of a refund done, in the ways a support reply says it. Negations ("has not been") do not match. */
const REFUND_CLAIM =
  /\b(?:I|we)(?:'ve| have)\s+(?:just\s+)?(?:issued|processed|refunded|sent)\b|\brefund(?:\s+of\s+\S+)?\s+(?:has been|was|is being)\s+(?:issued|processed|sent|approved)\b|\byou(?:'ve| have) been refunded\b/i;

/** Narrowing: never tell the customer money is on its way unless a refund really went through. */
export const noUnbackedRefundClaim = defineCheck({
  id: 'no-unbacked-refund-claim',
  name: 'Claims only refunds it issued',
  part: 'narrowing',
  run(transcript) {
    const claim = REFUND_CLAIM.exec(transcript.answer)?.[0];
    if (!claim) return { passed: true, detail: 'the reply claims no refund' };
    const issued = refunds(transcript).some((call) => call.error === undefined && call.result !== undefined);
    if (issued) return { passed: true, detail: `the reply's "${claim}" is backed by a successful issue_refund` };
    return { passed: false, detail: `the reply says "${claim}", but no issue_refund call succeeded` };
  },
});

export const checks = [refundAfterLookup, oneRefundPerOrder, namesLookedUpOrders, noUnbackedRefundClaim];
