import { type OllamaStandIn, type StandInOptions, startOllamaStandIn } from '@evalpacks/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runOllamaAgent } from '../src/ollama/agent.ts';
import { checkOllamaCapabilities } from '../src/ollama/capabilities.ts';
import { OllamaUnavailableError } from '../src/ollama/errors.ts';
import { OllamaHost } from '../src/ollama/host.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { ollamaStructuredCall } from '../src/ollama/judge.ts';
import { weatherTool } from './support.ts';

const open: OllamaStandIn[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function server(options: StandInOptions = {}) {
  const s = await startOllamaStandIn({ models: [{ name: 'agent:4b', contextLength: 32768 }], ...options });
  open.push(s);
  const host = new OllamaHost({ host: s.url, timeoutMs: 5_000, retry: { baseDelayMs: 1 } });
  return { s, host };
}

/** The user message of a long draft: 30,000 characters, about 7,500 tokens, far past Ollama's default 4096. */
const LONG = 'word '.repeat(6000);

const agent = (host: OllamaHost, input: string, more: Partial<Parameters<typeof runOllamaAgent>[0]> = {}) =>
  runOllamaAgent({
    hosts: new OllamaHosts([host]),
    model: 'agent:4b',
    systemPrompt: 'You are terse.',
    input,
    maxTurns: 3,
    ...more,
  });

const jsonSchema = z.toJSONSchema(z.object({ passed: z.boolean() })) as Record<string, unknown>;
const judge = (host: OllamaHost, more: Partial<Parameters<typeof ollamaStructuredCall>[0]> = {}) =>
  ollamaStructuredCall({
    hosts: new OllamaHosts([host]),
    model: 'agent:4b',
    system: 'Grade.',
    prompt: 'Was it right?',
    jsonSchema,
    ...more,
  });

describe('context window', () => {
  it('sends a long prompt with a num_ctx that fits it and the answer budget, and never shrinks it', async () => {
    const { s, host } = await server();
    s.script({ reply: { content: 'Fine.' } });
    const transcript = await agent(host, LONG);
    expect(transcript).toMatchObject({ answer: 'Fine.', stopReason: 'end' });
    expect(transcript.error).toBeUndefined();
    // About 7512 tokens (four characters each, with the template) x 1.25 + 8192 output = 17582, up to 18432.
    expect(s.chatCalls()[0]?.body.options?.num_ctx).toBe(18432);
    expect(s.chatCalls()[0]?.seen).toMatchObject({ numCtx: 18432, cut: false, evaluatedTokens: 7504 });
    await agent(host, 'short');
    expect(s.chatCalls()[1]?.body.options?.num_ctx).toBe(18432);
    expect(s.loads()).toHaveLength(1);
    expect(s.calls.filter((c) => c.path === '/api/show')).toHaveLength(1);
  });

  it('refuses a prompt longer than the model context, naming both sizes, without sending it', async () => {
    const { s, host } = await server({ models: [{ name: 'agent:4b', contextLength: 4096 }] });
    s.script({ reply: { content: 'never' } });
    const transcript = await agent(host, LONG);
    expect(transcript.error).toBe(
      "the prompt needs about 7512 tokens but agent:4b's context holds 4096; shorten the input or use a model with a longer context",
    );
    expect(s.chatCalls()).toHaveLength(0);
  });

  it('reports a server that cut the prompt anyway as truncation, with the count it read', async () => {
    const { s, host } = await server({ ignoreNumCtx: true });
    s.script({ reply: { content: 'An answer to half a question.' } });
    const transcript = await agent(host, LONG);
    expect(transcript.answer).toBe('');
    expect(transcript.promptTruncatedTo).toBe(2050);
    expect(transcript.error).toBe(
      'the server truncated the prompt to 2050 tokens (about 7512 were sent with num_ctx 18432; the model runs with a 4096-token context); check that nothing between here and Ollama drops options.num_ctx, or pass a larger --num-ctx',
    );
    await expect(judge(host, { prompt: LONG })).rejects.toThrow('the server truncated the prompt to 2050 tokens');
  });

  it('trusts a low count when /api/ps shows the model ran with the context that was sent', async () => {
    const { s, host } = await server();
    s.script({ reply: { content: 'Fine.', promptTokens: 100 } });
    const transcript = await agent(host, LONG);
    expect(transcript).toMatchObject({ answer: 'Fine.', usage: { input: 100 } });
    expect(transcript.error).toBeUndefined();
    expect(s.calls.filter((c) => c.path === '/api/ps')).toHaveLength(1);
  });
});

describe('cut-off answers and thinking', () => {
  it('keeps a cut-off agent answer visible as an error with the fix, stop reason length', async () => {
    const { s, host } = await server();
    s.script({ reply: { content: 'The first half of a long review and the second half', outputTokens: 200 } });
    const transcript = await agent(host, 'review this', { maxTokens: 100 });
    expect(transcript).toMatchObject({
      answer: 'The first half of a long',
      stopReason: 'length',
      error:
        'the answer was cut off at the 100-token output limit (done_reason "length"); raise --max-tokens or --num-ctx',
    });
    expect(s.chatCalls()[0]?.body.options?.num_predict).toBe(100);
  });

  it('says a cut-off judge answer stopped at its length', async () => {
    const { s, host } = await server();
    s.script({ reply: { content: '{"passed":', outputTokens: 20_000 } });
    const verdict = await judge(host);
    expect(verdict.stopReason).toBe('length');
    // Thinking left to the server's default: room for it is reserved.
    expect(s.chatCalls()[0]?.body.options?.num_predict).toBe(10240);
    s.reset();
    s.script({ reply: { content: '{"passed":true}' } });
    await judge(host, { think: false });
    expect(s.chatCalls()[0]?.body).toMatchObject({ think: false, options: { num_predict: 2048 } });
  });

  it('keeps the thinking of every turn on the transcript, its tokens counted in the output', async () => {
    const { s, host } = await server();
    const { weather } = weatherTool();
    s.script({
      match: { lastRole: 'user' },
      reply: { thinking: 'I need the weather.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
    });
    s.script({ match: { lastRole: 'tool' }, reply: { thinking: 'It is clear.', content: 'Clear.', outputTokens: 7 } });
    const transcript = await agent(host, 'Weather in Oslo?', { tools: [weather], think: 'high' });
    expect(transcript.thinking).toBe('I need the weather.\n\nIt is clear.');
    expect(transcript.answer).toBe('Clear.');
    // 'I need the weather.' and the tool call's JSON: ceil(72 / 4) = 18 tokens, then the scripted 7.
    expect(transcript.usage.output).toBe(25);
    expect(s.chatCalls().map((c) => c.body.think)).toEqual(['high', 'high']);
  });
});

describe('transient failures', () => {
  it('rides out a busy server and a reset, counting the retries', async () => {
    const { s, host } = await server();
    s.script({ reply: { fault: 'busy' }, times: 1 });
    s.script({ reply: { fault: 'reset' }, times: 1 });
    s.script({ reply: { content: 'ok' } });
    const transcript = await agent(host, 'hi');
    expect(transcript).toMatchObject({ answer: 'ok', retries: 2 });
    s.reset();
    s.script({ reply: { fault: 'http-502' }, times: 1 });
    s.script({ reply: { content: '{"passed":true}' } });
    expect(await judge(host)).toMatchObject({ text: '{"passed":true}', retries: 1 });
  });

  it('gives up after the attempts with the cause and a real fix, never blaming the judge model', async () => {
    const { s, host } = await server();
    s.script({ reply: { fault: 'busy' } });
    await expect(judge(host)).rejects.toThrow(
      'Ollama HTTP 503: server busy, please try again.  maximum pending requests exceeded (6 attempts); the server is busy (its queue is full): lower --concurrency, or raise OLLAMA_MAX_QUEUE',
    );
  });

  it('does not retry what cannot pass: a 400', async () => {
    const { s, host } = await server({ models: [{ name: 'agent:4b', capabilities: ['completion'] }] });
    s.script({ reply: { content: 'x' } });
    const transcript = await agent(host, 'hi', { think: true });
    expect(transcript.error).toBe('Ollama HTTP 400: "agent:4b" does not support thinking');
    expect(s.chatCalls()).toHaveLength(1);
  });
});

describe('capabilities preflight', () => {
  it('stops a tool pack on a model without tools, and --think on a model that cannot think', async () => {
    const { host } = await server({ models: [{ name: 'agent:4b', capabilities: ['completion'] }] });
    const tools = checkOllamaCapabilities(host, [{ model: 'agent:4b', tools: true }]);
    await expect(tools).rejects.toBeInstanceOf(OllamaUnavailableError);
    await expect(tools).rejects.toThrow(
      "agent:4b cannot call tools (Ollama lists its capabilities as: completion), and this pack's agent needs them",
    );
    await expect(
      checkOllamaCapabilities(host, [{ model: 'agent:4b', think: true, thinkFlag: '--judge-think' }]),
    ).rejects.toThrow('--judge-think needs a thinking model, and agent:4b has no thinking capability');
    await expect(checkOllamaCapabilities(host, [{ model: 'agent:4b' }])).resolves.toBeUndefined();
  });
});
