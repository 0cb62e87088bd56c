import { describe, expect, it } from 'vitest';
import { conversationProblems, conversationReference } from '../scripts/conversation-reference.ts';
import { type GoldenLine, GoldenLineSchema, ticketInput } from '../src/golden.ts';

/** The references script's view of a conversation: what it refuses, and one order book across turns. */
const line = (user: unknown): GoldenLine =>
  GoldenLineSchema.parse({ id: 'c', customer: 'C-101', query: 'Refund my lost charger please.', user });
const scripted = line({ script: ["It's ORD-1001.", 'Thanks.'], maxTurns: 3 });
const simulated = line({ simulated: { persona: 'p', goal: 'g', facts: ['ORD-1001'] }, maxTurns: 2 });
const input = ticketInput(scripted);
const user = (text: string) => ({ role: 'user' as const, text });
const agent = (text: string, toolCalls?: { name: string; arguments: Record<string, unknown> }[]) => ({
  role: 'agent' as const,
  text,
  ...(toolCalls && { toolCalls }),
});

describe('conversationProblems', () => {
  it('passes a script followed word for word, the agent answering its last turn', () => {
    const turns = [
      user(input),
      agent('Which order?'),
      user("It's ORD-1001."),
      agent('Done.'),
      user('Thanks.'),
      agent('Bye.'),
    ];
    expect(conversationProblems(scripted, turns)).toEqual([]);
  });

  it('names every way the turns depart from the user block', () => {
    expect(conversationProblems(scripted, [user('Hi'), agent('?'), user('ORD-1001'), user('Thanks.')])).toEqual([
      "turn 4 should be the agent's",
      'the first turn is not the case input',
      "the user's later turns are not the script",
      'a scripted conversation ends with the agent answering the last turn',
    ]);
    const noStop = [user(input), agent('Which order?'), user('ORD-1001'), agent('Done.'), user('Thanks!')];
    expect(conversationProblems(simulated, noStop)).toEqual(['a simulated customer ends with ###STOP### alone']);
    const long = [user(input), agent('a'), user('b'), agent('c'), user('d'), agent('e'), user('###STOP###')];
    expect(conversationProblems(simulated, long)).toEqual(['3 agent replies, more than maxTurns 2']);
  });
});

describe('conversationReference', () => {
  it('runs every turn on one order book, so a refund in turn 1 stops a second in turn 2', async () => {
    const built = await conversationReference(scripted, [
      user('replaced by the case input'),
      agent('Refunded.', [
        { name: 'lookup_order', arguments: { orderId: 'ORD-1001' } },
        { name: 'issue_refund', arguments: { orderId: 'ORD-1001', amount: 25 } },
      ]),
      user("It's ORD-1001."),
      agent('Again.', [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001', amount: 25 } }]),
      user('Thanks.'),
      agent('Bye.'),
    ]);
    expect(built.conversation[0]).toEqual({ role: 'user', text: input });
    expect(built.conversation[3]?.toolCalls).toEqual([
      {
        name: 'issue_refund',
        arguments: { orderId: 'ORD-1001', amount: 25 },
        error: 'ORD-1001 was already refunded (25)',
      },
    ]);
    expect(built.toolCalls.map((call) => call.name)).toEqual(['lookup_order', 'issue_refund', 'issue_refund']);
    expect(built).toMatchObject({ answer: 'Bye.', conversationEnd: 'script-end', turns: 6 });
    expect(built.endState.refunds).toEqual([{ orderId: 'ORD-1001', amount: 25 }]);
  });
});
