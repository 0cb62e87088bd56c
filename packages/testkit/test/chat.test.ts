import { Ollama } from 'ollama';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OllamaStandIn, startOllamaStandIn } from '../src/index.ts';

const MODEL = 'qwen3.5:4b';
let standIn: OllamaStandIn;
let ollama: Ollama;

beforeAll(async () => {
  standIn = await startOllamaStandIn();
  ollama = new Ollama({ host: standIn.url });
});
afterEach(() => standIn.reset());
afterAll(() => standIn.close());

const user = (content: string) => [{ role: 'user', content }];

describe('chat replies', () => {
  it('answers a non-streaming chat with the scripted content and token counts', async () => {
    standIn.script({ reply: { content: 'Paris.', promptTokens: 42, outputTokens: 3 } });
    const res = await ollama.chat({ model: MODEL, messages: user('Capital of France?') });
    expect(res.model).toBe(MODEL);
    expect(res.message).toEqual({ role: 'assistant', content: 'Paris.' });
    expect(res.done).toBe(true);
    expect(res.done_reason).toBe('stop');
    expect(res.prompt_eval_count).toBe(42);
    expect(res.eval_count).toBe(3);
    expect(res.total_duration).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(String(res.created_at)))).toBe(false);
  });

  it('derives token counts from text length when not scripted', async () => {
    standIn.script({ reply: { content: '12345678' } });
    const res = await ollama.chat({ model: MODEL, messages: user('abcdefghij') });
    expect(res.prompt_eval_count).toBe(3);
    expect(res.eval_count).toBe(2);
  });

  it('streams chunks that concatenate to the content, counts on the final chunk only', async () => {
    const content = 'The sky is blue because of Rayleigh scattering.';
    standIn.script({ reply: { content, outputTokens: 9 } });
    const stream = await ollama.chat({ model: MODEL, messages: user('why blue?'), stream: true });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => c.message.content).join('')).toBe(content);
    expect(chunks.slice(0, -1).every((c) => !c.done && c.eval_count === undefined)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ done: true, done_reason: 'stop', eval_count: 9 });
  });

  it('returns tool calls in message.tool_calls, streaming or not', async () => {
    const call = { name: 'get_weather', arguments: { city: 'Paris', days: 2 } };
    standIn.script({ reply: { toolCalls: [call] } });
    const tools = [{ type: 'function', function: { name: 'get_weather', description: 'Weather' } }];
    const res = await ollama.chat({ model: MODEL, messages: user('weather?'), tools });
    expect(res.message.content).toBe('');
    expect(res.message.tool_calls?.map((c) => c.function)).toEqual([{ index: 0, ...call }]);

    const stream = await ollama.chat({ model: MODEL, messages: user('weather?'), tools, stream: true });
    const streamed = [];
    for await (const chunk of stream) streamed.push(...(chunk.message.tool_calls ?? []));
    expect(streamed.map((c) => c.function)).toEqual([{ index: 0, ...call }]);
  });

  it('sends thinking in message.thinking', async () => {
    standIn.script({ reply: { thinking: 'Let me think.', content: '4' } });
    const res = await ollama.chat({ model: MODEL, messages: user('2+2?'), think: true });
    expect(res.message).toMatchObject({ thinking: 'Let me think.', content: '4' });

    standIn.script({ reply: { thinking: 'Let me think.', content: '4' } });
    const stream = await ollama.chat({ model: MODEL, messages: user('2+2?'), think: true, stream: true });
    let thinking = '';
    for await (const chunk of stream) thinking += chunk.message.thinking ?? '';
    expect(thinking).toBe('Let me think.');
  });

  it('answers a chat with no messages as a model load, without needing a rule', async () => {
    const res = await ollama.chat({ model: MODEL, messages: [] });
    expect(res).toMatchObject({ done: true, done_reason: 'load', message: { content: '' } });
  });
});

describe('rules', () => {
  it('matches format requests with hasFormat', async () => {
    standIn.script({ match: { hasFormat: true }, reply: { content: '{"pass":true}' } });
    standIn.script({ match: { hasFormat: false }, reply: { content: 'plain' } });
    const format = { type: 'object', properties: { pass: { type: 'boolean' } } };
    const judged = await ollama.chat({ model: MODEL, messages: user('judge this'), format });
    const plain = await ollama.chat({ model: MODEL, messages: user('judge this') });
    expect(JSON.parse(judged.message.content)).toEqual({ pass: true });
    expect(plain.message.content).toBe('plain');
    expect(standIn.chatCalls({ hasFormat: true }).map((c) => c.body.format)).toEqual([format]);
  });

  it('tries rules in order, first match wins, and retires a rule after `times` uses', async () => {
    standIn.script({ match: { contains: 'hello' }, reply: { content: 'first' }, times: 2 });
    standIn.script({ match: { contains: 'hello' }, reply: { content: 'second' } });
    standIn.script({ reply: { content: 'fallback' } });
    const answers = [];
    for (const text of ['hello', 'hello', 'hello', 'bye']) {
      answers.push((await ollama.chat({ model: MODEL, messages: user(text) })).message.content);
    }
    expect(answers).toEqual(['first', 'first', 'second', 'fallback']);
  });

  it('passes the request and the 1-based use count to a reply function', async () => {
    standIn.script({ reply: (req, n) => ({ content: `${n}:${req.messages?.at(-1)?.content}` }) });
    const a = await ollama.chat({ model: MODEL, messages: user('a') });
    const b = await ollama.chat({ model: MODEL, messages: user('b') });
    expect([a.message.content, b.message.content]).toEqual(['1:a', '2:b']);
  });

  it('checks every declarative field: model, contains (all), system, hasTools, lastRole', async () => {
    standIn.script({
      match: { model: MODEL, contains: ['alpha', 'result'], system: 'grader', hasTools: true, lastRole: 'tool' },
      reply: { content: 'all matched' },
    });
    standIn.script({ reply: { content: 'no' } });
    const tools = [{ type: 'function', function: { name: 't', description: 'd' } }];
    const messages = [
      { role: 'system', content: 'You are a grader.' },
      { role: 'user', content: 'alpha' },
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 't', arguments: {} } }] },
      { role: 'tool', content: 'the result', tool_name: 't' },
    ];
    const hit = await ollama.chat({ model: MODEL, messages, tools });
    const miss = await ollama.chat({ model: MODEL, messages: messages.slice(0, 2), tools });
    expect([hit.message.content, miss.message.content]).toEqual(['all matched', 'no']);
  });

  it('does not look for `contains` in assistant messages', async () => {
    standIn.script({ match: { contains: 'secret' }, reply: { content: 'found' } });
    standIn.script({ reply: { content: 'not found' } });
    const messages = [...user('hi'), { role: 'assistant', content: 'secret' }, ...user('again')];
    expect((await ollama.chat({ model: MODEL, messages })).message.content).toBe('not found');
  });

  it('answers 500 with a clear error when no rule matches, and still records the call', async () => {
    standIn.script({ match: { contains: 'never' }, reply: { content: 'x' } });
    await expect(ollama.chat({ model: MODEL, messages: user('hi') })).rejects.toMatchObject({
      name: 'ResponseError',
      status_code: 500,
      error: 'stand-in: no scripted reply matched this request',
    });
    expect(standIn.chatCalls()).toHaveLength(1);
  });
});

describe('recorded calls', () => {
  it('records every request with path, method, parsed body and time', async () => {
    standIn.script({ reply: { content: 'ok' } });
    const before = Date.now();
    await ollama.chat({ model: MODEL, messages: user('one'), options: { temperature: 0 } });
    await ollama.list();
    expect(standIn.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/chat', 'GET /api/tags']);
    expect(standIn.calls[0]?.body).toMatchObject({ model: MODEL, options: { temperature: 0 }, stream: false });
    expect(standIn.calls[1]?.body).toBeUndefined();
    expect(standIn.calls[0]?.at).toBeGreaterThanOrEqual(before);
  });

  it('filters chat calls with a matcher and forgets them on reset', async () => {
    standIn.script({ reply: { content: 'ok' } });
    await ollama.chat({ model: MODEL, messages: user('apple') });
    await ollama.chat({ model: MODEL, messages: user('banana') });
    expect(standIn.chatCalls()).toHaveLength(2);
    expect(standIn.chatCalls({ contains: 'banana' }).map((c) => c.body.messages?.[0]?.content)).toEqual(['banana']);
    expect(standIn.chatCalls((req) => req.messages?.length === 1)).toHaveLength(2);
    standIn.reset();
    expect(standIn.calls).toHaveLength(0);
    await expect(ollama.chat({ model: MODEL, messages: user('apple') })).rejects.toMatchObject({
      status_code: 500,
    });
  });
});
