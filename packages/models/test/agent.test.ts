import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { tool } from '@strands-agents/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runOllamaAgent } from '../src/ollama/agent.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { MODEL, weatherTool } from './support.ts';

let s: OllamaStandIn;
beforeAll(async () => {
  s = await startOllamaStandIn();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const run = (overrides: Partial<Parameters<typeof runOllamaAgent>[0]> = {}) =>
  runOllamaAgent({
    hosts: OllamaHosts.of({ host: s.url, timeoutMs: 5_000, retry: { baseDelayMs: 1 } }),
    model: MODEL,
    systemPrompt: 'You are terse.',
    input: 'What is the weather in Paris?',
    maxTurns: 4,
    ...overrides,
  });

describe('runOllamaAgent', () => {
  it('turns a single answer into a transcript', async () => {
    s.script({ reply: { content: 'Sunny.', promptTokens: 12, outputTokens: 3 } });
    const transcript = await run({ temperature: 0.2 });

    expect(transcript).toMatchObject({
      input: 'What is the weather in Paris?',
      answer: 'Sunny.',
      toolCalls: [],
      turns: 1,
      usage: { input: 12, output: 3 },
      model: MODEL,
      stopReason: 'end',
    });
    expect(transcript).not.toHaveProperty('retries');
    expect(transcript.error).toBeUndefined();
    expect(transcript.latencyMs).toBeGreaterThanOrEqual(0);

    const [call] = s.chatCalls();
    expect(call?.body.stream).toBe(false);
    // num_predict is the output budget; num_ctx fits the prompt plus it, in steps of 2048 tokens.
    expect(call?.body.options).toEqual({ temperature: 0.2, num_predict: 8192, num_ctx: 10240 });
    expect(call?.body.keep_alive).toBe('30m');
    expect(call?.body.tools).toBeUndefined();
    expect(call?.body.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'What is the weather in Paris?' },
    ]);
  });

  it('runs a tool the model asks for and sends its result back', async () => {
    const { weather, calls } = weatherTool();
    s.script({
      match: { lastRole: 'user' },
      reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], promptTokens: 40, outputTokens: 8 },
    });
    s.script({ match: { lastRole: 'tool' }, reply: { content: 'Clear, 21 °C.', promptTokens: 60, outputTokens: 5 } });

    const transcript = await run({ tools: [weather] });

    expect(calls).toEqual([{ city: 'Paris' }]);
    expect(transcript.answer).toBe('Clear, 21 °C.');
    expect(transcript.turns).toBe(2);
    expect(transcript.usage).toEqual({ input: 100, output: 13 });
    expect(transcript.toolCalls).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' }, result: { city: 'Paris', tempC: 21, sky: 'clear' } },
    ]);

    const [first, second] = s.chatCalls();
    expect(first?.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current weather for a city',
          parameters: expect.objectContaining({ type: 'object', properties: { city: { type: 'string' } } }),
        },
      },
    ]);
    const messages = second?.body.messages ?? [];
    expect(messages.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }],
    });
    expect(messages.at(-1)).toEqual({
      role: 'tool',
      tool_name: 'get_weather',
      content: JSON.stringify({ city: 'Paris', tempC: 21, sky: 'clear' }),
    });
  });

  it('records a loop that hits maxTurns as such, with its calls, not as an error or a throw', async () => {
    const { weather, calls } = weatherTool();
    s.script({
      reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }], promptTokens: 10, outputTokens: 2 },
    });

    const transcript = await run({ tools: [weather], maxTurns: 2 });

    expect(transcript.turnLimitReached).toBe(true);
    expect(transcript.error).toBeUndefined();
    expect(transcript.answer).toBe('');
    expect(transcript.turns).toBe(2);
    expect(s.chatCalls()).toHaveLength(2);
    expect(calls).toHaveLength(2);
    expect(transcript.toolCalls).toHaveLength(2);
    expect(transcript.usage).toEqual({ input: 20, output: 4 });
  });

  it('accepts a final answer on the last allowed turn', async () => {
    const { weather } = weatherTool();
    s.script({
      match: { lastRole: 'user' },
      reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
    });
    s.script({ match: { lastRole: 'tool' }, reply: { content: 'Mild.' } });

    const transcript = await run({ tools: [weather], maxTurns: 2 });

    expect(transcript).toMatchObject({ answer: 'Mild.', turns: 2 });
    expect(transcript.error).toBeUndefined();
  });

  it('records a tool that throws as an error result and keeps going', async () => {
    const broken = tool({
      name: 'lookup',
      description: 'Looks a thing up',
      inputSchema: z.object({ id: z.number() }),
      callback: () => {
        throw new Error('database offline');
      },
    });
    s.script({ match: { lastRole: 'user' }, reply: { toolCalls: [{ name: 'lookup', arguments: { id: 7 } }] } });
    s.script({ match: { lastRole: 'tool' }, reply: { content: 'The lookup failed.' } });

    const transcript = await run({ tools: [broken] });

    expect(transcript.toolCalls).toEqual([{ name: 'lookup', arguments: { id: 7 }, error: 'database offline' }]);
    expect(transcript.answer).toBe('The lookup failed.');
    expect(transcript.error).toBeUndefined();
    expect(s.chatCalls()[1]?.body.messages?.at(-1)).toMatchObject({ role: 'tool', tool_name: 'lookup' });
    expect(s.chatCalls()[1]?.body.messages?.at(-1)?.content).toContain('database offline');
  });

  it('records a tool name the agent does not have as an error result', async () => {
    s.script({ match: { lastRole: 'user' }, reply: { toolCalls: [{ name: 'nope', arguments: {} }] } });
    s.script({ match: { lastRole: 'tool' }, reply: { content: 'ok' } });

    const transcript = await run({ tools: [] });

    expect(transcript.toolCalls).toHaveLength(1);
    expect(transcript.toolCalls[0]).toMatchObject({ name: 'nope', arguments: {} });
    expect(transcript.toolCalls[0]?.error).toMatch(/nope/);
    expect(transcript.answer).toBe('ok');
  });

  it.each([
    ['http-500', /Ollama HTTP 500/],
    ['malformed', /^Ollama reply is not valid JSON/],
    ['reset', /fetch failed/],
  ] as const)('records a %s model failure in the transcript', async (fault, message) => {
    s.script({ reply: { fault } });
    const transcript = await run();
    expect(transcript.answer).toBe('');
    expect(transcript.error).toMatch(message);
    expect(transcript.turns).toBe(1);
  });

  it('records a hung server as a timeout once timeoutMs passes', async () => {
    s.script({ reply: { fault: 'hang' } });
    const started = performance.now();
    const transcript = await runOllamaAgent({
      hosts: OllamaHosts.of({ host: s.url, timeoutMs: 300, retry: { maxAttempts: 1 } }),
      model: MODEL,
      systemPrompt: '',
      input: 'hi',
      maxTurns: 1,
    });
    expect(transcript.error).toBe(
      'Ollama request timed out after 300 ms; no answer in time: check `ollama ps` (is the model loaded, on the GPU?), raise --timeout or lower --concurrency',
    );
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('keeps the tool calls made before a later model failure', async () => {
    const { weather } = weatherTool();
    s.script({
      match: { lastRole: 'user' },
      reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] },
    });
    s.script({ match: { lastRole: 'tool' }, reply: { fault: 'http-500' } });

    const transcript = await run({ tools: [weather] });

    expect(transcript.error).toMatch(/HTTP 500/);
    expect(transcript.turns).toBe(2);
    expect(transcript.toolCalls).toEqual([
      { name: 'get_weather', arguments: { city: 'Rome' }, result: { city: 'Rome', tempC: 21, sky: 'clear' } },
    ]);
  });
});
