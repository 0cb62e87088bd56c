import { AdaptiveConcurrency, ModelCalls } from '@evalpacks/core/runner';
import { type OpenAIStandIn, startOpenAIStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOpenAIAgent } from '../src/openai/backend.ts';
import { OpenAIUnavailableError } from '../src/openai/errors.ts';
import { agentRequest, mapCache, packWeatherTool } from './support.ts';

const MODEL = 'qwen3.5-4b';
const KEY = 'sk-models-test-dummy';
let s: OpenAIStandIn;
beforeAll(async () => {
  vi.stubEnv('OPENAI_API_KEY', KEY);
  s = await startOpenAIStandIn({ apiKey: KEY });
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const connection = () => ({
  baseURL: s.baseURL,
  timeoutMs: 5_000,
  retry: { baseDelayMs: 5, maxDelayMs: 50 },
  model: MODEL,
});
const request = (input: string) => agentRequest(input);

describe('the OpenAI-compatible agent (Strands OpenAIModel over Chat Completions)', () => {
  it('streams one answer into a transcript with the usage the server reported', async () => {
    s.script({ reply: { content: 'Sunny.', promptTokens: 12, completionTokens: 3 } });
    const transcript = await createOpenAIAgent(connection()).run(request('Weather?'));
    expect(transcript).toMatchObject({
      input: 'Weather?',
      answer: 'Sunny.',
      toolCalls: [],
      turns: 1,
      usage: { input: 12, output: 3 },
      model: MODEL,
      retries: 0,
    });
    expect(transcript.error).toBeUndefined();
    const [call] = s.chatCalls();
    expect(call?.auth).toBe('valid');
    expect(call?.body).toMatchObject({ model: MODEL, stream: true, stream_options: { include_usage: true } });
    expect(call?.body.messages?.[0]).toEqual({ role: 'system', content: 'You are terse.' });
  });

  it("runs a pack's tool the model asks for and sends its result back in a tool message", async () => {
    const { weather, looked } = packWeatherTool();
    s.script({
      match: { afterToolResult: false },
      reply: {
        toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
        promptTokens: 40,
        completionTokens: 8,
      },
    });
    s.script({
      match: { afterToolResult: true, contains: '"tempC":21' },
      reply: { content: 'Clear, 21 °C.', promptTokens: 60, completionTokens: 5 },
    });
    const transcript = await createOpenAIAgent(connection()).run({ ...request('Weather in Paris?'), tools: [weather] });
    expect(looked).toEqual(['Paris']);
    expect(transcript).toMatchObject({ answer: 'Clear, 21 °C.', turns: 2, usage: { input: 100, output: 13 } });
    expect(transcript.toolCalls).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' }, result: { city: 'Paris', tempC: 21, sky: 'clear' } },
    ]);
    expect(s.chatCalls()[0]?.body.tools?.[0]).toMatchObject({
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Current weather for a city',
        parameters: expect.objectContaining({ properties: { city: { type: 'string' } } }),
      },
    });
  });

  it('retries 429 and 5xx, counting the retries per run even with runs in parallel', async () => {
    s.script({ match: { contains: 'slow' }, reply: { fault: 'rate-limited', retryAfterSeconds: 0.01 }, times: 1 });
    s.script({ match: { contains: 'slow' }, reply: { fault: 'overloaded' }, times: 1 });
    s.script({ reply: { content: 'Done.' } });
    const agent = createOpenAIAgent(connection());
    const [throttled, smooth] = await Promise.all([agent.run(request('slow one')), agent.run(request('fast one'))]);
    expect([throttled.answer, throttled.retries]).toEqual(['Done.', 2]);
    expect([smooth.answer, smooth.retries]).toEqual(['Done.', 0]);
  });

  it('tells the pace of the run about every 429 and every success', async () => {
    s.script({ reply: { fault: 'rate-limited', retryAfterSeconds: 0.01 }, times: 2 });
    s.script({ reply: { content: 'Done.' } });
    const pace = new AdaptiveConcurrency(8);
    const agent = createOpenAIAgent({ ...connection(), signals: pace });
    expect((await agent.run(request('hi'))).answer).toBe('Done.');
    expect(pace.report()).toEqual({ ceiling: 8, final: 4, lowest: 4, throttled: 2, succeeded: 1 });
  });

  it('tells the run of every retry as it is decided, a 5xx as a 429', async () => {
    s.script({ reply: { fault: 'rate-limited', retryAfterSeconds: 0.01 }, times: 1 });
    s.script({ reply: { fault: 'overloaded' }, times: 1 });
    s.script({ reply: { content: 'Done.' } });
    const heard: string[] = [];
    const signals = {
      throttled: () => heard.push('throttled'),
      succeeded: () => {},
      retrying: () => heard.push('retry'),
    };
    await createOpenAIAgent({ ...connection(), signals }).run(request('hi'));
    expect(heard).toEqual(['throttled', 'retry', 'retry']);
  });

  it('records a failure only this case hit, after the retries ran out, in the transcript', async () => {
    s.script({ reply: { fault: 'server-error' } });
    const agent = createOpenAIAgent({ ...connection(), retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    const transcript = await agent.run(request('hi'));
    expect(transcript.answer).toBe('');
    expect(transcript.error).toBe('HTTP 500: The server had an error while processing your request.');
    expect(transcript.retries).toBe(1);
  });

  it('throws an infrastructure error for a model the server does not serve', async () => {
    const agent = createOpenAIAgent({ ...connection(), model: 'llama9-70b' });
    const error = await agent.run(request('hi')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAIUnavailableError);
    expect(error).toMatchObject({ kind: 'unknown-model' });
  });

  it('answers an unchanged turn from the call cache, spending no tokens', async () => {
    s.script({ reply: { content: 'Cached.', promptTokens: 9, completionTokens: 2 } });
    const calls = new ModelCalls(mapCache());
    const agent = createOpenAIAgent({ ...connection(), calls });
    const first = await agent.run(request('Same question'));
    const second = await agent.run(request('Same question'));
    expect([first.answer, second.answer]).toEqual(['Cached.', 'Cached.']);
    expect([first.usage, second.usage]).toEqual([
      { input: 9, output: 2 },
      { input: 0, output: 0 },
    ]);
    expect(s.chatCalls()).toHaveLength(1);
    expect(calls.stats().agent).toEqual({ made: 1, cached: 1 });
  });
});
