import { Ollama } from 'ollama';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type OllamaStandIn, startOllamaStandIn } from '../src/index.ts';

const MODEL = 'qwen3.5:4b';
const messages = [{ role: 'user', content: 'hi' }];
let standIn: OllamaStandIn;
let ollama: Ollama;

beforeAll(async () => {
  standIn = await startOllamaStandIn();
  ollama = new Ollama({ host: standIn.url });
});
afterEach(() => standIn.reset());
afterAll(() => standIn.close());

async function drain(stream: AsyncIterable<{ message: { content: string } }>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.message.content;
  return text;
}

describe('faults', () => {
  it('http-500 makes the client throw a ResponseError with status 500', async () => {
    standIn.script({ reply: { fault: 'http-500' } });
    await expect(ollama.chat({ model: MODEL, messages })).rejects.toMatchObject({
      name: 'ResponseError',
      status_code: 500,
    });
  });

  it('model-not-found answers as for an unknown model', async () => {
    standIn.script({ reply: { fault: 'model-not-found' } });
    await expect(ollama.chat({ model: MODEL, messages })).rejects.toMatchObject({
      name: 'ResponseError',
      status_code: 404,
      error: `model "${MODEL}" not found, try pulling it first`,
    });
  });

  it('reset makes fetch fail before any response', async () => {
    standIn.script({ reply: { fault: 'reset' } });
    const error = await ollama.chat({ model: MODEL, messages }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('fetch failed');
  });

  it('reset while streaming cuts the stream after some chunks', async () => {
    standIn.script({ reply: { fault: 'reset', content: 'one two three four five six' } });
    const stream = await ollama.chat({ model: MODEL, messages, stream: true });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of stream) seen.push(chunk.message.content);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(seen.join('')).toBe('one two three');
  });

  it('reset while streaming a reply with no text still fails the stream', async () => {
    standIn.script({ reply: { fault: 'reset' } });
    const stream = await ollama.chat({ model: MODEL, messages, stream: true });
    await expect(drain(stream)).rejects.toBeInstanceOf(TypeError);
  });

  it('malformed makes the client throw a JSON error', async () => {
    standIn.script({ reply: { fault: 'malformed' } });
    await expect(ollama.chat({ model: MODEL, messages })).rejects.toBeInstanceOf(SyntaxError);
  });

  it('malformed while streaming ends the stream without a done chunk', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    standIn.script({ reply: { fault: 'malformed', content: 'partial answer' } });
    const stream = await ollama.chat({ model: MODEL, messages, stream: true });
    await expect(drain(stream)).rejects.toThrow('Did not receive done or success response in stream.');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('hang never answers, so a client with an abort signal times out', async () => {
    standIn.script({ reply: { fault: 'hang' } });
    const impatient = new Ollama({
      host: standIn.url,
      fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(200) }),
    });
    await expect(impatient.chat({ model: MODEL, messages })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(standIn.chatCalls()).toHaveLength(1);
  });
});

describe('latency', () => {
  it('delays every reply by the stand-in latency', async () => {
    const slow = await startOllamaStandIn({ latencyMs: 120 });
    try {
      slow.script({ reply: { content: 'late' } });
      const started = performance.now();
      const res = await new Ollama({ host: slow.url }).chat({ model: MODEL, messages });
      expect(performance.now() - started).toBeGreaterThanOrEqual(120);
      expect(res.message.content).toBe('late');
      expect(res.total_duration).toBeGreaterThanOrEqual(120 * 1e6);
    } finally {
      await slow.close();
    }
  });

  it('lets a reply set its own latency, streaming included', async () => {
    standIn.script({ reply: { content: 'late', latencyMs: 150 } });
    const started = performance.now();
    expect(await drain(await ollama.chat({ model: MODEL, messages, stream: true }))).toBe('late');
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });
});

describe('close', () => {
  it('resolves promptly with a hung request in flight, and the client sees the socket drop', async () => {
    const server = await startOllamaStandIn();
    server.script({ reply: { fault: 'hang' } });
    const pending = new Ollama({ host: server.url }).chat({ model: MODEL, messages }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.chatCalls()).toHaveLength(1));
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(TypeError);
  });

  it('drops a reply still waiting out its latency, and can be called twice', async () => {
    const server = await startOllamaStandIn({ latencyMs: 10_000 });
    server.script({ reply: { content: 'too late' } });
    const pending = new Ollama({ host: server.url }).chat({ model: MODEL, messages }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.chatCalls()).toHaveLength(1));
    await Promise.all([server.close(), server.close()]);
    expect(await pending).toBeInstanceOf(TypeError);
  });
});
