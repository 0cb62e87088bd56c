import { type Case, CaseSchema, defineCheck, definePack, defineTool } from '@evalpacks/core';
import { type AgentPort, collectRun, ModelCalls } from '@evalpacks/core/runner';
import {
  type BedrockStandIn,
  type OllamaStandIn,
  type OpenAIStandIn,
  startOllamaStandIn,
  startOpenAIStandIn,
} from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createBedrockAgent } from '../src/bedrock/backend.ts';
import { createOllamaAgent } from '../src/ollama/backend.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { createOpenAIAgent } from '../src/openai/backend.ts';
import { connectionTo, SONNET, startStandIn, useDummyCredentials } from './bedrock-support.ts';
import { MODEL, mapCache } from './support.ts';

/** An order desk per case run: the refunds it paid are its end state. */
function orderDesk() {
  const refunds: string[] = [];
  return {
    tools: [
      defineTool({
        name: 'issue_refund',
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
  name: 'Refunds what the case says',
  part: 'steps',
  run: (transcript, testCase) =>
    JSON.stringify(transcript.endState) === JSON.stringify(testCase.expectedEndState)
      ? { passed: true, detail: 'as expected' }
      : { passed: false, detail: `ends at ${JSON.stringify(transcript.endState)}` },
});

const pack = definePack({ name: 'desk', description: 'd', root: '/tmp', checks: [endState], environment: orderDesk });
const variant = { name: 'baseline', path: '/tmp/b.md', text: '# Role\nsupport', sections: {} };
const threeTurns: Case = CaseSchema.parse({
  id: 'refund-three-turns',
  name: 'refund in three turns',
  input: 'I want a refund.',
  user: { script: ['It is ORD-1001.', 'Thanks, that is all.'] },
  expectedEndState: { refunds: ['ORD-1001'] },
});

/** The newest message as JSON text: what each stand-in's rules below read, whatever its wire shape. */
const last = (messages: unknown[] | undefined) => JSON.stringify(messages?.at(-1) ?? null);

/** The support agent's script, in words every stand-in turns into its own replies. */
const said = {
  afterTool: (messages?: unknown[]) => last(messages).includes('refunds'),
  order: (messages?: unknown[]) => last(messages).includes('It is ORD-1001.'),
  thanks: (messages?: unknown[]) => last(messages).includes('that is all'),
};

interface Backend {
  name: string;
  start(): Promise<void>;
  agent(calls: ModelCalls): AgentPort;
  /** The messages of every agent request the stand-in received, in order. */
  requests(): unknown[][];
  close(): Promise<void>;
}

let ollama: OllamaStandIn;
let bedrock: BedrockStandIn;
let openai: OpenAIStandIn;

const backends: Backend[] = [
  {
    name: 'ollama',
    async start() {
      ollama = await startOllamaStandIn();
      ollama.script({ match: (r) => said.afterTool(r.messages), reply: { content: 'Refunded ORD-1001.' } });
      ollama.script({
        match: (r) => said.order(r.messages),
        reply: { toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001' } }] },
      });
      ollama.script({ match: (r) => said.thanks(r.messages), reply: { content: 'Glad to help.' } });
      ollama.script({ reply: { content: 'What is your order number?' } });
    },
    agent: (calls) =>
      createOllamaAgent({ hosts: OllamaHosts.of({ host: ollama.url, timeoutMs: 5_000 }), model: MODEL, calls }),
    requests: () => ollama.chatCalls().map((call) => call.body.messages ?? []),
    close: () => ollama.close(),
  },
  {
    name: 'bedrock',
    async start() {
      useDummyCredentials();
      bedrock = await startStandIn();
      bedrock.script({ match: (r) => said.afterTool(r.messages), reply: { text: 'Refunded ORD-1001.' } });
      bedrock.script({
        match: (r) => said.order(r.messages),
        reply: { toolUses: [{ name: 'issue_refund', input: { orderId: 'ORD-1001' } }] },
      });
      bedrock.script({ match: (r) => said.thanks(r.messages), reply: { text: 'Glad to help.' } });
      bedrock.script({ reply: { text: 'What is your order number?' } });
    },
    agent: (calls) => createBedrockAgent({ ...connectionTo(bedrock), model: SONNET, calls }),
    requests: () => bedrock.converseCalls().map((call) => call.body.messages ?? []),
    close: () => bedrock.close(),
  },
  {
    name: 'openai',
    async start() {
      vi.stubEnv('OPENAI_API_KEY', 'sk-models-test-dummy');
      openai = await startOpenAIStandIn({ apiKey: 'sk-models-test-dummy' });
      openai.script({ match: (r) => said.afterTool(r.messages), reply: { content: 'Refunded ORD-1001.' } });
      openai.script({
        match: (r) => said.order(r.messages),
        reply: { toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001' } }] },
      });
      openai.script({ match: (r) => said.thanks(r.messages), reply: { content: 'Glad to help.' } });
      openai.script({ reply: { content: 'What is your order number?' } });
    },
    agent: (calls) =>
      createOpenAIAgent({
        baseURL: openai.baseURL,
        timeoutMs: 5_000,
        retry: { baseDelayMs: 5 },
        model: 'qwen3.5-4b',
        calls,
      }),
    requests: () => openai.chatCalls().map((call) => call.body.messages ?? []),
    close: () => openai.close(),
  },
];

beforeAll(async () => {
  for (const backend of backends) await backend.start();
});
afterAll(async () => {
  for (const backend of backends) await backend.close();
});

describe.each(backends)('a scripted three-turn conversation on the $name stand-in', (backend) => {
  it('sends each later turn with the turns before it, replays from the cache, and ends as scripted', async () => {
    const cache = mapCache();
    const calls = new ModelCalls(cache);
    const run = await collectRun({ pack, variant, cases: [threeTurns], agent: backend.agent(calls), concurrency: 1 });
    const [result] = run.cases;
    expect(result?.transcript.conversation).toEqual([
      { role: 'user', text: 'I want a refund.' },
      { role: 'agent', text: 'What is your order number?' },
      { role: 'user', text: 'It is ORD-1001.' },
      {
        role: 'agent',
        text: 'Refunded ORD-1001.',
        toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001' }, result: { refunds: ['ORD-1001'] } }],
      },
      { role: 'user', text: 'Thanks, that is all.' },
      { role: 'agent', text: 'Glad to help.' },
    ]);
    expect(result?.transcript).toMatchObject({
      answer: 'Glad to help.',
      conversationEnd: 'script-end',
      turns: 4,
      endState: { refunds: ['ORD-1001'] },
    });
    expect(result?.checks.map((check) => [check.id, check.passed])).toEqual([
      ['end-state', true],
      ['answers-within-turn-limit', true],
    ]);
    expect(result?.status).toBe('passed');
    expect(calls.stats().agent).toEqual({ made: 4, cached: 0 });

    // The last turn's request holds the whole conversation: the earlier refund replayed as a tool use and
    // its result, then the user's newest message.
    const requests = backend.requests();
    expect(requests).toHaveLength(4);
    const final = JSON.stringify(requests[3]);
    for (const text of ['I want a refund.', 'What is your order number?', 'It is ORD-1001.', 'issue_refund']) {
      expect(final).toContain(text);
    }
    expect(final).toContain('Refunded ORD-1001.');
    expect(final.indexOf('issue_refund')).toBeLessThan(final.indexOf('Refunded ORD-1001.'));
    expect(last(requests[3])).toContain('Thanks, that is all.');

    const replay = new ModelCalls(cache);
    const again = await collectRun({
      pack,
      variant,
      cases: [threeTurns],
      agent: backend.agent(replay),
      concurrency: 1,
    });
    expect(replay.stats().agent).toEqual({ made: 0, cached: 4 });
    expect(backend.requests()).toHaveLength(4);
    expect(again.cases[0]?.transcript.conversation).toEqual(result?.transcript.conversation);
    expect(again.cases[0]?.status).toBe('passed');
  });
});
