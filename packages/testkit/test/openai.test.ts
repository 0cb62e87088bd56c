import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIStandIn, startOpenAIStandIn } from '../src/index.ts';

const MODEL = 'qwen3.5-4b';
const user = (content: string) => [{ role: 'user' as const, content }];
let standIn: OpenAIStandIn;
let client: OpenAI;

beforeAll(async () => {
  standIn = await startOpenAIStandIn();
  client = new OpenAI({ baseURL: standIn.baseURL, apiKey: 'unused', maxRetries: 0 });
});
afterEach(() => standIn.reset());
afterAll(() => standIn.close());

const schema = { type: 'object', properties: { pass: { type: 'boolean' } }, required: ['pass'] };
const jsonSchemaFormat = { type: 'json_schema' as const, json_schema: { name: 'verdict', schema } };

describe('chat completions', () => {
  it('answers without streaming: the message, the finish reason and the usage', async () => {
    standIn.script({ reply: { content: 'Paris.', promptTokens: 42, completionTokens: 3 } });
    const res = await client.chat.completions.create({ model: MODEL, messages: user('Capital of France?') });
    expect(res.object).toBe('chat.completion');
    expect(res.model).toBe(MODEL);
    expect(res.choices[0]?.message).toEqual({ role: 'assistant', content: 'Paris.' });
    expect(res.choices[0]?.finish_reason).toBe('stop');
    expect(res.usage).toEqual({ prompt_tokens: 42, completion_tokens: 3, total_tokens: 45 });
  });

  it('streams server-sent events that concatenate to the content, usage last when asked', async () => {
    const content = 'The sky is blue because of Rayleigh scattering.';
    standIn.script({ reply: { content, completionTokens: 9, promptTokens: 5 } });
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: user('why blue?'),
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(content);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 },
    });
  });

  it('streams no usage chunk unless stream_options asks for it', async () => {
    standIn.script({ reply: { content: 'ok' } });
    const stream = await client.chat.completions.create({ model: MODEL, messages: user('hi'), stream: true });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
  });

  it('returns tool calls, whole or streamed in pieces that the client stitches back', async () => {
    const call = { name: 'get_weather', arguments: { city: 'Paris', days: 2 } };
    standIn.script({ reply: { toolCalls: [call] } });
    const tools = [
      { type: 'function' as const, function: { name: 'get_weather', description: 'Weather', parameters: {} } },
    ];
    const res = await client.chat.completions.create({ model: MODEL, messages: user('weather?'), tools });
    const message = res.choices[0]?.message;
    expect(message?.content).toBeNull();
    expect(res.choices[0]?.finish_reason).toBe('tool_calls');
    const [only] = message?.tool_calls ?? [];
    expect(only?.type === 'function' && only.function).toEqual({
      name: 'get_weather',
      arguments: JSON.stringify(call.arguments),
    });
    expect(only?.id).toMatch(/^chatcmpl-tool-[0-9a-f]{32}$/);

    const stream = client.chat.completions.stream({ model: MODEL, messages: user('weather?'), tools });
    const final = await stream.finalChatCompletion();
    const streamed = final.choices[0]?.message.tool_calls?.[0];
    expect(streamed?.type === 'function' && JSON.parse(streamed.function.arguments)).toEqual(call.arguments);
  });

  it('refuses a tool message that answers no earlier tool call, as OpenAI does', async () => {
    standIn.script({ reply: { content: 'unused' } });
    const messages = [...user('hi'), { role: 'tool' as const, tool_call_id: 'call_nope', content: '{}' }];
    await expect(client.chat.completions.create({ model: MODEL, messages })).rejects.toMatchObject({ status: 400 });
    expect(standIn.chatCalls()).toHaveLength(0);
  });

  it('matches rules on contains, system, tools and the turn after a tool result', async () => {
    standIn.script({ match: { afterToolResult: true }, reply: { content: 'after tool' } });
    standIn.script({ match: { system: 'judge', contains: 'finding' }, reply: { content: 'judged' } });
    standIn.script({ reply: { content: 'fallback' } });
    const ask = (messages: OpenAI.ChatCompletionMessageParam[]) =>
      client.chat.completions.create({ model: MODEL, messages }).then((r) => r.choices[0]?.message.content);
    expect(await ask([{ role: 'system', content: 'You are a judge.' }, ...user('the finding')])).toBe('judged');
    expect(await ask(user('the finding'))).toBe('fallback');
    const toolTurn: OpenAI.ChatCompletionMessageParam[] = [
      ...user('go'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 't1', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 't1', content: '42' },
    ];
    expect(await ask(toolTurn)).toBe('after tool');
  });
});

describe('response_format json_schema', () => {
  it('reaches the script when the server honours it', async () => {
    standIn.script({ match: { hasJsonSchema: true }, reply: { content: '{"pass":true}' } });
    standIn.script({ reply: { content: 'prose' } });
    const res = await client.chat.completions.create({
      model: MODEL,
      messages: user('judge'),
      response_format: jsonSchemaFormat,
    });
    expect(res.choices[0]?.message.content).toBe('{"pass":true}');
    expect(standIn.chatCalls({ hasJsonSchema: true })).toHaveLength(1);
  });

  it('is dropped before generation by a server that ignores it', async () => {
    const ignoring = await startOpenAIStandIn({ jsonSchema: 'ignore' });
    try {
      ignoring.script({ match: { hasJsonSchema: true }, reply: { content: '{"pass":true}' } });
      ignoring.script({ reply: { content: 'Sure! It passes.' } });
      const other = new OpenAI({ baseURL: ignoring.baseURL, apiKey: 'unused', maxRetries: 0 });
      const res = await other.chat.completions.create({
        model: MODEL,
        messages: user('judge'),
        response_format: jsonSchemaFormat,
      });
      expect(res.choices[0]?.message.content).toBe('Sure! It passes.');
      // The request as sent still carried it: the record shows what the client asked.
      expect(ignoring.chatCalls()[0]?.body.response_format?.type).toBe('json_schema');
    } finally {
      await ignoring.close();
    }
  });

  it('is a 400 from a server that refuses it', async () => {
    const refusing = await startOpenAIStandIn({ jsonSchema: 'reject' });
    try {
      const other = new OpenAI({ baseURL: refusing.baseURL, apiKey: 'unused', maxRetries: 0 });
      const error = await other.chat.completions
        .create({ model: MODEL, messages: user('judge'), response_format: jsonSchemaFormat })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as Error).message).toContain('json_schema is not supported');
    } finally {
      await refusing.close();
    }
  });
});

describe('models, keys and errors', () => {
  it('lists its models at /v1/models and answers an unknown one with a 404', async () => {
    const list = await client.models.list();
    expect(list.data.map((m) => m.id)).toEqual([MODEL]);
    const error = await client.chat.completions
      .create({ model: 'nope', messages: user('hi') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as Error).message).toBe('404 The model `nope` does not exist.');
  });

  it('checks the bearer key when given one, and never echoes it', async () => {
    const keyed = await startOpenAIStandIn({ apiKey: 'sk-right' });
    try {
      keyed.script({ reply: { content: 'ok' } });
      const wrong = new OpenAI({ baseURL: keyed.baseURL, apiKey: 'sk-wrong', maxRetries: 0 });
      const error = await wrong.models.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(JSON.stringify(error)).not.toContain('sk-wrong');
      const right = new OpenAI({ baseURL: keyed.baseURL, apiKey: 'sk-right', maxRetries: 0 });
      const res = await right.chat.completions.create({ model: MODEL, messages: user('hi') });
      expect(res.choices[0]?.message.content).toBe('ok');
      expect(keyed.calls.map((c) => c.auth)).toEqual(['wrong', 'valid']);
    } finally {
      await keyed.close();
    }
  });

  it('sends 429 with retry-after and retry-after-ms, which the client waits out', async () => {
    standIn.script({ reply: { fault: 'rate-limited', retryAfterSeconds: 0.05 }, times: 1 });
    standIn.script({ reply: { content: 'after the wait' } });
    const error = await client.chat.completions.create({ model: MODEL, messages: user('hi') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const headers = (error as InstanceType<typeof OpenAI.RateLimitError>).headers;
    expect([headers?.get('retry-after'), headers?.get('retry-after-ms')]).toEqual(['1', '50']);
    standIn.reset();
    standIn.script({ reply: { fault: 'rate-limited', retryAfterSeconds: 0.01 }, times: 1 });
    standIn.script({ reply: { content: 'after the wait' } });
    const retrying = new OpenAI({ baseURL: standIn.baseURL, apiKey: 'unused', maxRetries: 1 });
    const res = await retrying.chat.completions.create({ model: MODEL, messages: user('hi') });
    expect(res.choices[0]?.message.content).toBe('after the wait');
    expect(standIn.calls.map((c) => c.status)).toEqual([429, 200]);
  });

  it.each([
    ['server-error', 500, OpenAI.InternalServerError],
    ['bad-gateway', 502, OpenAI.InternalServerError],
    ['overloaded', 503, OpenAI.InternalServerError],
  ] as const)('%s answers HTTP %i', async (fault, status, kind) => {
    standIn.script({ reply: { fault } });
    const error = await client.chat.completions.create({ model: MODEL, messages: user('hi') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(kind);
    expect((error as { status: number }).status).toBe(status);
  });

  it('reset cuts a stream after some chunks, and a whole reply before any byte', async () => {
    standIn.script({ reply: { fault: 'reset', content: 'one two three four five six' } });
    const stream = await client.chat.completions.create({ model: MODEL, messages: user('hi'), stream: true });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(seen.join('')).toBe('one two three');
    const whole = await client.chat.completions.create({ model: MODEL, messages: user('hi') }).catch((e: unknown) => e);
    expect(whole).toBeInstanceOf(OpenAI.APIConnectionError);
  });

  it('malformed sends a body that is not JSON', async () => {
    standIn.script({ reply: { fault: 'malformed' } });
    await expect(client.chat.completions.create({ model: MODEL, messages: user('hi') })).rejects.toBeInstanceOf(
      SyntaxError,
    );
  });
});

describe('quota', () => {
  it('admits a burst, then answers 429 with the wait until the next token', async () => {
    const limited = await startOpenAIStandIn({ quota: { perSecond: 1, burst: 2 } });
    try {
      limited.script({ reply: { content: 'ok' } });
      const once = new OpenAI({ baseURL: limited.baseURL, apiKey: 'unused', maxRetries: 0 });
      const results = await Promise.allSettled(
        [1, 2, 3].map(() => once.chat.completions.create({ model: MODEL, messages: user('hi') })),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      const refused = (results[2] as PromiseRejectedResult).reason as InstanceType<typeof OpenAI.RateLimitError>;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers?.get('retry-after-ms'))).toBeGreaterThan(0);
      expect(limited.chatCalls()).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});
