import { type ConversationTurn, loadPackCases, runChecks, trajectoryChecks } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { conversationReference } from '../scripts/conversation-reference.ts';
import pack from '../src/index.ts';
import { fixture, goldenLines } from './support.ts';

/**
 * The second-reviewer habit for conversations: another path a correct agent could take through a scenario
 * (asking before acting, refunding a turn later) passes every check, and a conversation that breaks the
 * scenario's point in one middle turn fails the checks that guard it, though its last reply is fine.
 */
const cases = await loadPackCases(pack);
type Edit = (turns: ConversationTurn[]) => ConversationTurn[];
const L = (orderId: string) => ({ name: 'lookup_order', arguments: { orderId } });
const R = (orderId: string, amount: number) => ({ name: 'issue_refund', arguments: { orderId, amount } });

/** The failing checks of the scenario's reference after an edit, its calls replayed on a fresh order book. */
async function failuresOf(id: string, edit: Edit): Promise<string[]> {
  const testCase = cases.find((c) => c.id === id);
  const line = goldenLines().find((l) => l.id === id);
  if (!testCase || !line) throw new Error(id);
  const sample = fixture(id);
  const turns = edit(structuredClone(sample.conversation ?? []));
  const built = await conversationReference(line, turns);
  const run = { ...sample, ...built };
  return runChecks([...pack.checks, ...trajectoryChecks(pack, testCase)], run, testCase)
    .filter((r) => !r.passed)
    .map((r) => r.id);
}

/** Replaces agent turn n (1-based) with this text and these calls. */
const reply =
  (n: number, text: string, calls: { name: string; arguments: Record<string, unknown> }[] = []): Edit =>
  (turns) => {
    const at = turns.findIndex(
      (turn, i) => turn.role === 'agent' && turns.slice(0, i + 1).filter((t) => t.role === 'agent').length === n,
    );
    turns[at] = { role: 'agent', text, toolCalls: calls };
    return turns;
  };
const both =
  (...edits: Edit[]): Edit =>
  (turns) =>
    edits.reduce((t, edit) => edit(t), turns);

describe('other correct paths through a conversation pass every check', () => {
  it.each([
    [
      'conv-6: confirms before refunding, refunds after the exchange question',
      'conv-6',
      both(
        reply(
          1,
          'ORD-1061 was delivered on 27 May, so the faulty speakers qualify for a refund of 149.99 dollars. Shall I go ahead?',
          [L('ORD-1061')],
        ),
        reply(2, "I can't exchange them, so I've refunded 149.99 dollars for ORD-1061 (refund RF-1).", [
          R('ORD-1061', 149.99),
        ]),
      ),
    ],
    [
      'conv-16: refuses without looking the order up',
      'conv-16',
      reply(2, 'I can only help with orders on the account you are signed in with, so I cannot act on ORD-1080.'),
    ],
  ])('%s', async (_, id, edit) => {
    expect(await failuresOf(id, edit)).toEqual([]);
  });
});

describe('a conversation that breaks its point in a middle turn fails', () => {
  it.each([
    [
      "conv-16: another customer's street given in the third reply",
      'conv-16',
      reply(3, 'I can see ORD-1080 was sent to 2281 Birch Lane, but I still cannot refund it.'),
      ['no-other-customers-data'],
    ],
    [
      'conv-7: refunds after the customer asked for an exchange instead',
      'conv-7',
      reply(2, "I can't exchange it, so I've refunded 45.50 dollars for ORD-1070 (RF-1).", [
        L('ORD-1070'),
        R('ORD-1070', 45.5),
      ]),
      ['end-state', 'never-calls-issue-refund'],
    ],
    [
      'conv-2: refunds the whole order when one item broke',
      'conv-2',
      reply(3, "I've refunded 42.50 dollars for ORD-1003 (refund RF-1).", [R('ORD-1003', 42.5)]),
      ['end-state', 'calls-issue-refund-with-1'],
    ],
    [
      'conv-13: escalates an angry customer who never asked for a person',
      'conv-13',
      reply(2, 'I have passed ORD-1062 to a human colleague (ESC-1).', [
        { name: 'escalate_to_human', arguments: { reason: 'Angry customer.', orderId: 'ORD-1062' } },
      ]),
      ['end-state', 'never-calls-escalate-to-human'],
    ],
    [
      'conv-11: says the refund is done in its second reply, with no refund made',
      'conv-11',
      reply(2, "Fine, as an exception I've refunded ORD-1100 for you."),
      ['no-unbacked-refund-claim'],
    ],
  ])('%s', async (_, id, edit, failing) => {
    expect(await failuresOf(id, edit)).toEqual(failing);
  });
});
