import { loadPackCases, USER_STOP } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { conversationProblems } from '../scripts/conversation-reference.ts';
import pack from '../src/index.ts';
import { fixture, goldenLines } from './support.ts';

const cases = await loadPackCases(pack);
const conversations = goldenLines().filter((line) => line.user !== undefined);

describe('conversation scenarios', () => {
  it('ships at least 24, at least half with a simulated customer, each with an end state and a user block on its case', () => {
    expect(conversations.length).toBeGreaterThanOrEqual(24);
    const simulated = conversations.filter((line) => line.user?.simulated);
    expect(simulated.length * 2).toBeGreaterThanOrEqual(conversations.length);
    expect(conversations.filter((line) => line.end === undefined).map((line) => line.id)).toEqual([]);
    for (const line of conversations) {
      expect(cases.find((c) => c.id === line.id)?.user).toEqual(line.user);
    }
  });

  it.each(conversations.map((line) => [line.id, line] as const))(
    '%s: its reference is a whole conversation the user block allows, its calls and answer taken from its turns',
    (id, line) => {
      const sample = fixture(id);
      const turns = sample.conversation ?? [];
      expect(conversationProblems(line, turns)).toEqual([]);
      expect(turns.flatMap((turn) => turn.toolCalls ?? [])).toEqual(sample.toolCalls);
      expect(sample.answer).toBe(turns.filter((turn) => turn.role === 'agent').at(-1)?.text);
      expect(sample.conversationEnd).toBe(line.user?.script ? 'script-end' : 'user-stop');
      // A simulated customer's facts are theirs to give: the opening message holds none of the order ids.
      if (line.user?.simulated) {
        const hidden = line.user.simulated.facts.flatMap((fact) => fact.match(/ORD-\d{4}/g) ?? []);
        for (const orderId of hidden) expect(line.query).not.toContain(orderId);
      }
      expect(turns.at(-1)?.text === USER_STOP).toBe(line.user?.simulated !== undefined);
    },
  );
});
