import { verdictJsonSchema } from '@evalpacks/core/runner';
import {
  type BedrockStandIn,
  type OllamaStandIn,
  type OpenAIStandIn,
  startOllamaStandIn,
  startOpenAIStandIn,
} from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBedrockAgent, createBedrockJudge } from '../src/bedrock/backend.ts';
import { MAX_REPLY_BYTES } from '../src/common/reply-cap.ts';
import { createOllamaAgent, createOllamaJudge } from '../src/ollama/backend.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { createOpenAIAgent, createOpenAIJudge } from '../src/openai/backend.ts';
import { connectionTo, SONNET, startStandIn, useDummyCredentials } from './bedrock-support.ts';
import { agentRequest, MODEL } from './support.ts';

const MiB = 1024 * 1024;
const HUGE = 64 * MiB;
/**
 * What the sockets between client and stand-in may hold past the cap (loopback buffers grow to several MiB
 * each way; 5 MiB was measured): the 64 MiB a client that reads everything pulls stays far above it.
 */
const SOCKET_SLACK = 16 * MiB;
const DECLARED = `the model server's reply was cut at 16 MiB, the most evalpacks reads of one reply: it is 64 MiB (${HUGE} bytes)`;
const UNDECLARED =
  "the model server's reply was cut at 16 MiB, the most evalpacks reads of one reply: it is more than that";
const jsonSchema = verdictJsonSchema('finding');
const judgeRequest = { system: 'You judge.', prompt: 'Was it caught?', jsonSchema };

let ollama: OllamaStandIn;
let openai: OpenAIStandIn;
let bedrock: BedrockStandIn;
beforeAll(async () => {
  useDummyCredentials();
  [ollama, openai, bedrock] = await Promise.all([startOllamaStandIn(), startOpenAIStandIn(), startStandIn()]);
});
afterAll(() => Promise.all([ollama.close(), openai.close(), bedrock.close()]));
beforeEach(() => {
  for (const standIn of [ollama, openai, bedrock]) standIn.reset();
});

/** The bytes the stand-in made of its one oversized reply, once the client has had time to stop reading. */
async function pulled(calls: () => readonly { bytesPulled?: number }[]): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const made = calls().map((call) => call.bytesPulled ?? 0);
  expect(made.filter((bytes) => bytes > 0)).toHaveLength(1);
  return made.reduce((sum, bytes) => sum + bytes, 0);
}

const backends = {
  ollama: {
    standIn: () => ollama,
    agent: () =>
      createOllamaAgent({ hosts: OllamaHosts.of({ host: ollama.url, timeoutMs: 20_000 }), model: MODEL, think: false }),
    judge: () => createOllamaJudge({ hosts: OllamaHosts.of({ host: ollama.url, timeoutMs: 20_000 }), model: MODEL }),
  },
  openai: {
    standIn: () => openai,
    agent: () => createOpenAIAgent({ baseURL: openai.baseURL, timeoutMs: 20_000, model: 'qwen3.5-4b' }),
    judge: () => createOpenAIJudge({ baseURL: openai.baseURL, timeoutMs: 20_000, model: 'qwen3.5-4b' }),
  },
  bedrock: {
    standIn: () => bedrock,
    agent: () => createBedrockAgent({ ...connectionTo(bedrock, { timeoutMs: 20_000 }), model: SONNET }),
    judge: () => createBedrockJudge({ ...connectionTo(bedrock, { timeoutMs: 20_000 }), model: SONNET }),
  },
};

describe.each(Object.entries(backends))('a 64 MiB reply from %s', (_name, backend) => {
  const calls = () => backend.standIn().calls;

  it('is cut at 16 MiB as the agent reads it: the transcript says so, and the rest is never fetched', async () => {
    backend.standIn().script({ reply: { oversized: { bytes: HUGE, declareLength: false } } });
    const transcript = await backend.agent().run(agentRequest('Weather?'));
    expect(transcript.error).toBe(UNDECLARED);
    expect(transcript.answer).toBe('');
    const made = await pulled(calls);
    expect(made).toBeGreaterThan(MAX_REPLY_BYTES);
    expect(made).toBeLessThan(MAX_REPLY_BYTES + SOCKET_SLACK);
  }, 30_000);

  it('whose size the server declares is refused unread, naming that size, in a judge error', async () => {
    backend.standIn().script({ reply: { oversized: { bytes: HUGE } } });
    const failure = await backend
      .judge()
      .call(judgeRequest)
      .catch((error: unknown) => error);
    expect((failure as Error).message).toBe(DECLARED);
    expect(await pulled(calls)).toBeLessThan(SOCKET_SLACK);
  }, 30_000);

  it('is never retried: one call to the server, whether the size was declared or not', async () => {
    backend.standIn().script({ reply: { oversized: { bytes: HUGE, declareLength: false } } });
    const failure = await backend
      .judge()
      .call(judgeRequest)
      .catch((error: unknown) => error);
    expect((failure as Error).message).toBe(UNDECLARED);
    expect(calls().filter((call) => call.bytesPulled !== undefined)).toHaveLength(1);
  }, 30_000);
});

describe('a reply just under the cap', () => {
  it('is read whole, on every backend', async () => {
    const bytes = MAX_REPLY_BYTES - 1024;
    for (const backend of Object.values(backends)) {
      backend.standIn().script({ reply: { oversized: { bytes, declareLength: false } }, times: 1 });
      const transcript = await backend.agent().run(agentRequest('Weather?'));
      expect(transcript.error).toBeUndefined();
      expect(transcript.answer.length).toBeGreaterThan(MAX_REPLY_BYTES - 2 * 1024 * 1024);
      expect(/[^x]/.test(transcript.answer)).toBe(false);
    }
  }, 60_000);
});
