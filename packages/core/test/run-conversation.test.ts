import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCheck } from '../src/checks/define-check.ts';
import { suggestionsFor } from '../src/grade/suggestions.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentPort, AgentRequest, UserSimulatorPort, UserTurnRequest } from '../src/ports/backend-ports.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { replayAgent } from '../src/runner/replay-agent.ts';
import { runPack } from '../src/runner/run-pack.ts';
import { uncachedAgent, withSampleFallback } from '../src/runner/sample-agent.ts';
import { type Case, CaseSchema } from '../src/schema/case.ts';
import { type SampleTranscript, SampleTranscriptSchema } from '../src/schema/sample-transcript.ts';
import type { ToolCall } from '../src/schema/transcript.ts';
import { defineTool, invokeTool } from '../src/tools/define-tool.ts';

/** A till per case run: refunds paid out so far are its state. */
function till() {
  const refunds: string[] = [];
  return {
    tools: [
      defineTool({
        name: 'refund',
        description: 'Refunds an order',
        input: z.object({ orderId: z.string() }),
        run: ({ orderId }) => {
          refunds.push(orderId);
          return { refunds: [...refunds] };
        },
      }),
    ],
    snapshot: () => ({ refunds: [...refunds] }),
  };
}

const endState = defineCheck({
  id: 'end-state',
  name: 'Ends as the case says',
  part: 'steps',
  run: (transcript, testCase) =>
    JSON.stringify(transcript.endState) === JSON.stringify(testCase.expectedEndState)
      ? { passed: true, detail: 'ok' }
      : { passed: false, detail: `ends at ${JSON.stringify(transcript.endState)}` },
});

const pack = definePack({ name: 'till', description: 'd', root: '/tmp', checks: [endState], environment: till });
const variant: Variant = { name: 'baseline', path: '/tmp/b.md', text: '# Role\nsupport', sections: {} };
const caseOf = (extra: object): Case =>
  CaseSchema.parse({ id: 'refund', name: 'refund', input: 'I want a refund.', ...extra });

/** Asks for the order number until it hears one, then refunds it; every request is kept. */
function supportAgent() {
  const requests: AgentRequest[] = [];
  const agent: AgentPort = {
    backend: 'script',
    model: 'm',
    async run(request) {
      requests.push(request);
      const order = /ORD-\d+/.exec(request.input)?.[0];
      const calls: ToolCall[] = [];
      let answer = 'What is your order number?';
      if (order) {
        const [refund] = request.tools ?? [];
        if (!refund) throw new Error('no tools');
        calls.push({
          name: 'refund',
          arguments: { orderId: order },
          result: await invokeTool(refund, { orderId: order }),
        });
        answer = `Refunded ${order}.`;
      } else if (request.conversation) answer = 'Anything else?';
      return {
        input: request.input,
        answer,
        toolCalls: calls,
        turns: calls.length + 1,
        usage: { input: 10, output: 2 },
        latencyMs: 5,
        model: 'm',
      };
    },
  };
  return { agent, requests };
}

/** A user played by a function: the given lines in order, then ###STOP###; every request kept. */
function userSaying(lines: (string | { error: string })[]) {
  const requests: UserTurnRequest[] = [];
  const user: UserSimulatorPort = {
    backend: 'fn',
    model: 'u',
    promptVersion: 'test-user-v1',
    async next(request) {
      requests.push(request);
      const line = lines[requests.length - 1];
      const usage = { input: 7, output: 3 };
      if (line === undefined) return { text: '###STOP###', stop: true, usage, latencyMs: 1 };
      if (typeof line !== 'string') return { text: '', stop: false, usage, latencyMs: 1, error: line.error };
      return { text: line, stop: false, usage, latencyMs: 1 };
    },
  };
  return { user, requests };
}

const simulated = { persona: 'a customer', goal: 'a refund for ORD-1001', facts: ['Order ORD-1001'] };

describe('a scripted conversation', () => {
  it('alternates script and agent, keeps one environment, and assembles every turn in order', async () => {
    const { agent, requests } = supportAgent();
    const testCase = caseOf({
      user: { script: ['It is ORD-1001.', 'Thanks, that is all.'] },
      expectedEndState: { refunds: ['ORD-1001'] },
    });
    const run = await collectRun({ pack, variant, cases: [testCase], agent, concurrency: 1 });
    const [result] = run.cases;
    expect(requests.map((r) => [r.input, r.conversation?.map((t) => `${t.role}:${t.text}`)])).toEqual([
      ['I want a refund.', undefined],
      ['It is ORD-1001.', ['user:I want a refund.', 'agent:What is your order number?']],
      [
        'Thanks, that is all.',
        [
          'user:I want a refund.',
          'agent:What is your order number?',
          'user:It is ORD-1001.',
          'agent:Refunded ORD-1001.',
        ],
      ],
    ]);
    // The same tools every turn: the till's state carries over.
    expect(requests[1]?.tools).toBe(requests[0]?.tools);
    const refundCall = { name: 'refund', arguments: { orderId: 'ORD-1001' }, result: { refunds: ['ORD-1001'] } };
    expect(result?.transcript).toMatchObject({
      input: 'I want a refund.',
      answer: 'Anything else?',
      conversation: [
        { role: 'user', text: 'I want a refund.' },
        { role: 'agent', text: 'What is your order number?' },
        { role: 'user', text: 'It is ORD-1001.' },
        { role: 'agent', text: 'Refunded ORD-1001.', toolCalls: [refundCall] },
        { role: 'user', text: 'Thanks, that is all.' },
        { role: 'agent', text: 'Anything else?' },
      ],
      conversationEnd: 'script-end',
      toolCalls: [refundCall],
      turns: 4,
      usage: { input: 30, output: 6 },
      latencyMs: 15,
      endState: { refunds: ['ORD-1001'] },
    });
    expect(result?.transcript.userUsage).toBeUndefined();
    expect(result?.status).toBe('passed');
  });
});

describe('a simulated conversation', () => {
  it('asks the user simulator for each next turn and ends at ###STOP###, summing its tokens apart', async () => {
    const { agent } = supportAgent();
    const { user, requests } = userSaying(['ORD-1001, please.']);
    const testCase = caseOf({ user: { simulated }, expectedEndState: { refunds: ['ORD-1001'] } });
    const run = await collectRun({ pack, variant, cases: [testCase], agent, userSimulator: user, concurrency: 1 });
    const [result] = run.cases;
    expect(requests.map((r) => [r.caseId, r.epoch, r.user.goal, r.conversation.length])).toEqual([
      ['refund', 0, 'a refund for ORD-1001', 2],
      ['refund', 0, 'a refund for ORD-1001', 4],
    ]);
    expect(result?.transcript.conversation?.map((t) => t.text)).toEqual([
      'I want a refund.',
      'What is your order number?',
      'ORD-1001, please.',
      'Refunded ORD-1001.',
    ]);
    expect(result?.transcript.conversationEnd).toBe('user-stop');
    expect(result?.transcript.userUsage).toEqual({ input: 14, output: 6 });
    expect(result?.transcript.usage).toEqual({ input: 20, output: 4 });
    expect(result?.status).toBe('passed');
  });

  it('reports the turn limit as such: an error of the case, not graded, not an agent failure', async () => {
    const { agent, requests: agentCalls } = supportAgent();
    const { user } = userSaying(['Hmm.', 'Still here.', 'And again.']);
    const testCase = caseOf({ user: { simulated, maxTurns: 2 }, expectedEndState: { refunds: ['ORD-1001'] } });
    const run = await collectRun({ pack, variant, cases: [testCase], agent, userSimulator: user, concurrency: 1 });
    const [result] = run.cases;
    expect(agentCalls).toHaveLength(2);
    expect(result?.transcript.conversationEnd).toBe('turn-limit');
    expect(result?.transcript.conversation?.map((t) => t.role)).toEqual(['user', 'agent', 'user', 'agent', 'user']);
    expect(result?.transcript.error).toBeUndefined();
    expect(result?.checks).toEqual([]);
    expect(result?.status).toBe('error');
    expect(result?.reasons).toEqual([
      'conversation not graded: turn limit, 2 agent replies without ###STOP### from the user',
    ]);
    expect(suggestionsFor(run)).toEqual([
      {
        target: 'user',
        caseId: 'refund',
        text: "the conversation was not graded (turn limit, 2 agent replies without ###STOP### from the user); raise the case's user.maxTurns or fix the user simulator",
      },
    ]);
  });

  it("reports a user simulator's protocol break as a user error with its text, not an agent failure", async () => {
    const { agent } = supportAgent();
    const { user } = userSaying([{ error: 'the user answered in the agent\'s voice: "How can I help?"' }]);
    const run = await collectRun({
      pack,
      variant,
      cases: [caseOf({ user: { simulated } })],
      agent,
      userSimulator: user,
      concurrency: 1,
    });
    const [result] = run.cases;
    expect(result?.transcript).toMatchObject({
      conversationEnd: 'user-error',
      userError: 'the user answered in the agent\'s voice: "How can I help?"',
      userUsage: { input: 7, output: 3 },
    });
    expect(result?.status).toBe('error');
    expect(result?.reasons).toEqual([
      'conversation not graded: user simulator error: the user answered in the agent\'s voice: "How can I help?"',
    ]);
  });

  it('refuses to go on with a simulated-user case without a user simulator once the user must answer', async () => {
    const { agent, requests } = supportAgent();
    await expect(
      runPack({ pack, variant, cases: [caseOf({ user: { simulated } })], agent, concurrency: 1 }),
    ).rejects.toThrow(
      'case "refund" has a simulated user but the run has no user simulator: give the run a userSimulator (the CLI makes one from the user model)',
    );
    // The agent's opening reply was asked for; no second turn was made up without the user.
    expect(requests).toHaveLength(1);
  });

  it('ends with agent-error and keeps the conversation when a later agent turn fails', async () => {
    const { agent: inner } = supportAgent();
    const agent: AgentPort = {
      ...inner,
      run: async (request) => {
        if (request.conversation) throw new Error('backend said no');
        return inner.run(request);
      },
    };
    const { user } = userSaying(['ORD-1001']);
    const run = await collectRun({
      pack,
      variant,
      cases: [caseOf({ user: { simulated } })],
      agent,
      userSimulator: user,
      concurrency: 1,
    });
    const [result] = run.cases;
    expect(result?.transcript).toMatchObject({ conversationEnd: 'agent-error', error: 'backend said no' });
    expect(result?.transcript.conversation?.map((t) => t.text)).toEqual([
      'I want a refund.',
      'What is your order number?',
      'ORD-1001',
      '',
    ]);
    expect(result?.status).toBe('error');
    expect(result?.reasons).toEqual(['agent error: backend said no']);
  });
});

describe('an offline conversation answered by samples', () => {
  const offline = uncachedAgent({ backend: 'ollama', model: 'm' });
  const sampleOf = (extra: object): SampleTranscript =>
    SampleTranscriptSchema.parse({
      input: 'I want a refund.',
      answer: 'Refunded ORD-1001.',
      turns: 1,
      latencyMs: 0,
      model: 'sample',
      sample: true,
      ...extra,
    });

  it('takes a sample that holds a conversation as the whole conversation, asking no one', async () => {
    const conversation = [
      { role: 'user', text: 'I want a refund.' },
      { role: 'agent', text: 'Order number?' },
      { role: 'user', text: 'ORD-1001' },
      { role: 'agent', text: 'Refunded ORD-1001.' },
    ];
    const samples = new Map([['refund', sampleOf({ conversation, conversationEnd: 'script-end' })]]);
    const agent = withSampleFallback(offline, pack, samples);
    const testCase = caseOf({ user: { script: ['ORD-1001'] } });
    const run = await collectRun({ pack, variant, cases: [testCase], agent, concurrency: 1 });
    expect(run.cases[0]?.transcript).toMatchObject({ conversation, conversationEnd: 'script-end', sample: true });
  });

  it('never answers a later turn with the sample: that turn is an agent error naming the missing cache entry', async () => {
    const samples = new Map([['refund', sampleOf({})]]);
    const agent = withSampleFallback(offline, pack, samples);
    const run = await collectRun({
      pack,
      variant,
      cases: [caseOf({ user: { script: ['ORD-1001'] } })],
      agent,
      concurrency: 1,
    });
    expect(run.cases[0]?.transcript).toMatchObject({
      conversationEnd: 'agent-error',
      error: 'offline: no cached agent answer for this call (a later turn of the conversation)',
    });
    expect(run.cases[0]?.transcript.conversation?.map((turn) => turn.text)).toEqual([
      'I want a refund.',
      'Refunded ORD-1001.',
      'ORD-1001',
      '',
    ]);
  });
});

describe('a stored conversation re-judged', () => {
  it('is replayed whole, with no user simulator and no agent or user tokens spent now', async () => {
    const { agent } = supportAgent();
    const { user } = userSaying(['ORD-1001, please.']);
    const testCase = caseOf({ user: { simulated }, expectedEndState: { refunds: ['ORD-1001'] } });
    const live = await collectRun({ pack, variant, cases: [testCase], agent, userSimulator: user, concurrency: 1 });
    const stored = live.cases[0]?.transcript;
    const replay = replayAgent({ backend: 'script', model: 'm' }, () => stored, { environment: true });
    const again = await collectRun({ pack, variant, cases: [testCase], agent: replay, concurrency: 1 });
    expect(again.cases[0]?.transcript).toMatchObject({
      conversation: stored?.conversation,
      conversationEnd: 'user-stop',
      usage: { input: 0, output: 0 },
      userUsage: { input: 0, output: 0 },
      endState: { refunds: ['ORD-1001'] },
    });
    expect(again.cases[0]?.status).toBe('passed');
  });
});
