import { readFileSync } from 'node:fs';
import { loadPackCases, TranscriptSchema } from '@evalpacks/core';
import type { ChatRequest, OllamaStandIn, Reply, ReplyToolCall } from '@evalpacks/testkit';
import supportTickets from './packs/support-tickets/src/index.ts';

/** What a scripted agent does for one query: these tool calls, one per turn, then this answer. */
export interface Plan {
  calls: ReplyToolCall[];
  answer: string;
}

export const supportCases = await loadPackCases(supportTickets);

/** The correct agent: it does what the pack's sample transcript of each scenario shows. */
export const correctPlans = new Map<string, Plan>(
  supportCases.map((testCase) => {
    const url = new URL(`./packs/support-tickets/fixtures/${testCase.id}.json`, import.meta.url);
    const sample = TranscriptSchema.parse(JSON.parse(readFileSync(url, 'utf8')));
    const calls = sample.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments }));
    return [testCase.input, { calls, answer: sample.answer }];
  }),
);

const refundAtOnce = (orderId: string, amount: number, times = 1): Plan => ({
  calls: Array.from({ length: times }, () => ({ name: 'issue_refund', arguments: { orderId, amount } })),
  answer: `I've issued a refund of $${amount} for ${orderId}.`,
});

/**
 * An agent that refunds without looking anything up: on every refund request it calls issue_refund
 * straight away, for the amount it guesses (the customer's last order, ORD-1001, when no id is
 * given), and says the money is on its way whatever the tool answered. Otherwise it is correct.
 */
export const rogueOverrides: Record<string, Plan> = {
  'ticket-1': refundAtOnce('ORD-1001', 25),
  'ticket-3': refundAtOnce('ORD-1001', 25),
  'ticket-5': refundAtOnce('ORD-1003', 42.5, 2),
  'ticket-6': refundAtOnce('ORD-9999', 25),
  'ticket-7': refundAtOnce('ORD-1006', 150),
  'ticket-8': refundAtOnce('ORD-1002', 89.9),
  'ticket-10': refundAtOnce('ORD-1004', 18),
  'ticket-13': refundAtOnce('ORD-1003', 12.5),
};

export function roguePlans(): Map<string, Plan> {
  const plans = new Map(correctPlans);
  for (const [id, plan] of Object.entries(rogueOverrides)) {
    const input = supportCases.find((c) => c.id === id)?.input;
    if (!input) throw new Error(`no scenario ${id}`);
    plans.set(input, plan);
  }
  return plans;
}

/** One reply of a planned conversation: the next tool call, or the answer once every call has a result. */
export function planReply(plans: ReadonlyMap<string, Plan>, req: ChatRequest): Reply {
  const query = req.messages?.find((m) => m.role === 'user')?.content ?? '';
  const plan = plans.get(query);
  if (!plan) return { content: `No plan for: ${query}`, promptTokens: 400, outputTokens: 10 };
  const done = req.messages?.filter((m) => m.role === 'tool').length ?? 0;
  const next = plan.calls[done];
  return next
    ? { toolCalls: [next], promptTokens: 400, outputTokens: 30 }
    : { content: plan.answer, promptTokens: 400, outputTokens: 60 };
}

/** Agent turns follow the plans; every rubric is judged met, so only trajectory checks can fail a case. */
export function scriptSupportDesk(standIn: Pick<OllamaStandIn, 'script'>, plans: ReadonlyMap<string, Plan>): void {
  standIn.script({ match: { hasFormat: false }, reply: (req) => planReply(plans, req) });
  standIn.script({
    match: { hasFormat: true },
    reply: {
      content: '{"reasoning":"The reply does what the rubric asks and nothing more.","pass":true}',
      promptTokens: 100,
      outputTokens: 20,
    },
  });
}
