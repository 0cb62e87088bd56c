import { SimulatedUserSchema } from '@evalpacks/core';
import {
  CacheMissError,
  createUserSimulator,
  ModelCalls,
  USER_ROLE_LINE,
  type UserSimulatorPort,
} from '@evalpacks/core/runner';
import { USER_PROMPT_MARK, type UserRule } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mapCache } from '../support.ts';
import type { BackendFixture, ContractStandIn } from './fixture.ts';

type Turn = {
  role: 'user' | 'agent';
  text: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
};

const user = SimulatedUserSchema.parse({
  persona: 'A regular customer, polite, in a hurry.',
  goal: 'Get a refund for the lost parcel ORD-1001.',
  facts: ['Order number: ORD-1001', 'The parcel never arrived'],
});

/** The customer of the tests: the order number only when asked, a stop once a refund is mentioned. */
const customer: UserRule[] = [
  { match: { agentSays: 'order number' }, reply: { say: 'It is ORD-1001.' } },
  { match: { agentSays: 'refund' }, reply: { say: '###STOP###' } },
  { reply: { say: 'My parcel never arrived.' } },
];

/** The agent's side, fixed: a question, the order number asked for, then the refund. */
const agentReplies = [
  'I am sorry to hear that. What went wrong?',
  'Could you give me your order number?',
  'I have issued a refund for ORD-1001.',
];

/** Plays the conversation turn by turn, as the runner's loop would: each agent reply, then the user's turn. */
async function converse(simulator: UserSimulatorPort, epoch = 0) {
  const conversation: Turn[] = [{ role: 'user', text: 'I want my money back.' }];
  const turns = [];
  for (const [i, reply] of agentReplies.entries()) {
    const toolCalls = i === 2 ? [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001' } }] : undefined;
    conversation.push({ role: 'agent', text: reply, ...(toolCalls && { toolCalls }) });
    const turn = await simulator.next({ caseId: 'refund', epoch, user, conversation: [...conversation] });
    turns.push(turn);
    if (turn.stop || turn.error) break;
    conversation.push({ role: 'user', text: turn.text });
  }
  return { turns, conversation };
}

/** The simulated user on every backend's structured call, against its stand-in with the real client. */
export function simulatedUserContract(fixture: BackendFixture): void {
  describe(`the simulated user on the ${fixture.backend} backend`, () => {
    let s: ContractStandIn;
    beforeAll(async () => {
      s = await fixture.start();
    });
    afterAll(() => s.close());
    beforeEach(() => s.reset());

    const usage = { input: 30, output: 6 };

    it('reveals the order number only when asked and ends the conversation with ###STOP###', async () => {
      const script = s.scriptUser(customer, usage);
      const simulator = createUserSimulator(s.judge({ role: 'user' }));
      expect([simulator.backend, simulator.model, simulator.promptVersion]).toEqual([
        fixture.backend,
        fixture.judgeModel,
        'risen-user-v1',
      ]);
      const { turns, conversation } = await converse(simulator);
      expect(turns.map(({ text, stop, error }) => ({ text, stop, error }))).toEqual([
        { text: 'My parcel never arrived.', stop: false, error: undefined },
        { text: 'It is ORD-1001.', stop: false, error: undefined },
        { text: '###STOP###', stop: true, error: undefined },
      ]);
      expect(turns.map((turn) => turn.usage)).toEqual([usage, usage, usage]);
      // What the model was shown: every turn's words in order, never the agent's tool calls.
      expect(script.seen.at(-1)?.turns).toEqual(conversation.map(({ role, text }) => ({ role, text })));
      expect(JSON.stringify(script.seen)).not.toContain('issue_refund');
      expect(s.modelRequests()).toBe(3);
    });

    it.each([
      ['an empty reply', { say: '' }, 'the simulated user answered with an empty message: "{\\"message\\":\\"\\"}"'],
      [
        'a tool call',
        { raw: '{"name":"issue_refund","arguments":{"orderId":"ORD-1001"}}' },
        'the simulated user answered with a tool call: "{\\"name\\":\\"issue_refund\\",\\"arguments\\":{\\"orderId\\":\\"ORD-1001\\"}}"',
      ],
      [
        "the agent's voice",
        { say: 'Hello! How can I help you today?' },
        'the simulated user answered in the agent\'s voice: "Hello! How can I help you today?"',
      ],
    ])('reports %s as a user error with its text', async (_name, reply, error) => {
      s.scriptUser([{ reply }], usage);
      const { turns } = await converse(createUserSimulator(s.judge({ role: 'user' })));
      expect(turns).toHaveLength(1);
      expect(turns[0]).toMatchObject({ stop: false, error, usage });
    });

    it('replays user turns from the call cache (zero requests), offline too, and samples afresh with refresh', async () => {
      s.scriptUser(customer, usage);
      const cache = mapCache();
      const first = new ModelCalls(cache);
      const played = await converse(createUserSimulator(s.judge({ calls: first, role: 'user' })));
      expect(first.stats().user).toEqual({ made: 3, cached: 0 });
      expect(s.modelRequests()).toBe(3);

      for (const mode of ['use', 'offline'] as const) {
        const replay = new ModelCalls(cache, mode);
        const again = await converse(createUserSimulator(s.judge({ calls: replay, role: 'user' })));
        expect(again.turns.map((turn) => [turn.text, turn.stop])).toEqual(played.turns.map((t) => [t.text, t.stop]));
        expect(again.turns.map((turn) => turn.usage)).toEqual([0, 0, 0].map(() => ({ input: 0, output: 0 })));
        expect(replay.stats()).toEqual({
          agent: { made: 0, cached: 0 },
          judge: { made: 0, cached: 0 },
          user: { made: 0, cached: 3 },
        });
      }
      expect(s.modelRequests()).toBe(3);

      const offlineMiss = createUserSimulator(s.judge({ calls: new ModelCalls(mapCache(), 'offline'), role: 'user' }));
      await expect(converse(offlineMiss)).rejects.toBeInstanceOf(CacheMissError);
      const nextEpoch = new ModelCalls(cache);
      await converse(createUserSimulator(s.judge({ calls: nextEpoch, role: 'user' })), 1);
      expect(nextEpoch.stats().user).toEqual({ made: 3, cached: 0 });
      const refresh = new ModelCalls(cache, 'refresh');
      await converse(createUserSimulator(s.judge({ calls: refresh, role: 'user' })));
      expect(refresh.stats().user).toEqual({ made: 3, cached: 0 });
      expect(s.modelRequests()).toBe(9);
    });

    it("is recognised by the stand-ins by the user prompt's Role line", () => {
      expect(USER_ROLE_LINE.startsWith(USER_PROMPT_MARK)).toBe(true);
    });
  });
}
