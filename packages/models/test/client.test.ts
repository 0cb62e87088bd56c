import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_REPLY_BYTES, ReplyTooLargeError } from '../src/common/reply-cap.ts';
import { createOllamaClient, OllamaTimeoutError } from '../src/ollama/client.ts';
import { resolveOllamaHost } from '../src/ollama/host-url.ts';
import { MODEL } from './support.ts';

describe('resolveOllamaHost', () => {
  it.each([
    [undefined, {}, 'http://127.0.0.1:11434'],
    [undefined, { OLLAMA_HOST: 'gpu-box:11500' }, 'http://gpu-box:11500'],
    [undefined, { OLLAMA_HOST: 'gpu-box' }, 'http://gpu-box:11434'],
    [undefined, { OLLAMA_HOST: ':9999' }, 'http://127.0.0.1:9999'],
    [undefined, { OLLAMA_HOST: '0.0.0.0' }, 'http://0.0.0.0:11434'],
    [undefined, { OLLAMA_HOST: 'https://ollama.example.com/' }, 'https://ollama.example.com'],
    [undefined, { OLLAMA_HOST: '  ' }, 'http://127.0.0.1:11434'],
    ['localhost:80', { OLLAMA_HOST: 'ignored:1' }, 'http://localhost:80'],
    ['http://10.0.0.5:11434', {}, 'http://10.0.0.5:11434'],
  ])('flag %s with env %j gives %s', (flag, env, expected) => {
    expect(resolveOllamaHost(flag, env)).toBe(expected);
  });
});

describe('createOllamaClient', () => {
  let s: OllamaStandIn;
  beforeAll(async () => {
    s = await startOllamaStandIn();
  });
  afterAll(() => s.close());
  beforeEach(() => s.reset());

  const chat = { model: MODEL, messages: [{ role: 'user', content: 'hi' }] };

  it('aborts a request the server never answers after timeoutMs', async () => {
    s.script({ reply: { fault: 'hang' } });
    const client = createOllamaClient({ host: s.url, timeoutMs: 200 });
    const started = performance.now();
    await expect(client.chat({ ...chat, stream: false })).rejects.toBeInstanceOf(OllamaTimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("also aborts when the caller's signal fires", async () => {
    s.script({ reply: { fault: 'hang' } });
    const controller = new AbortController();
    const client = createOllamaClient({ host: s.url, timeoutMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gave up')), 100);
    await expect(client.chat({ ...chat, stream: false })).rejects.toThrow('caller gave up');
  });

  it('fails a whole answer the way fetch does: refused and reset sockets are the cause of a "fetch failed"', async () => {
    s.script({ reply: { fault: 'reset' } });
    const client = createOllamaClient({ host: s.url, timeoutMs: 5_000 });
    const reset = await client.chat({ ...chat, stream: false }).catch((error: unknown) => error);
    expect(reset).toBeInstanceOf(TypeError);
    expect(reset).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNRESET' } });
    const refused = await createOllamaClient({ host: 'http://127.0.0.1:4', timeoutMs: 5_000 })
      .chat({ ...chat, stream: false })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });

  it('answers a whole chat with the status, headers and body the server sent', async () => {
    s.script({ reply: { content: 'hello there' } });
    const client = createOllamaClient({ host: s.url, timeoutMs: 5_000 });
    const answer = await client.chat({ ...chat, stream: false });
    expect(answer.message.content).toBe('hello there');
    expect(answer.done).toBe(true);
  });

  it('keeps NDJSON streaming working through the wrapper', async () => {
    s.script({ reply: { content: 'one two three', latencyMs: 20 } });
    const client = createOllamaClient({ host: s.url, timeoutMs: 5_000 });
    let text = '';
    for await (const part of await client.chat({ ...chat, stream: true })) text += part.message.content;
    expect(text).toBe('one two three');
  });

  describe('reads no reply past 16 MiB', () => {
    const HUGE = 64 * 1024 * 1024;
    const client = () => createOllamaClient({ host: s.url, timeoutMs: 20_000 });
    const pulled = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return s.chatCalls()[0]?.bytesPulled ?? 0;
    };

    it('in a streamed chat: the stream fails there and the rest is never fetched', async () => {
      s.script({ reply: { oversized: { bytes: HUGE, declareLength: false } } });
      let read = 0;
      const failure = await (async () => {
        for await (const part of await client().chat({ ...chat, stream: true })) read += part.message.content.length;
      })().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ReplyTooLargeError);
      expect(failure).toMatchObject({ limit: MAX_REPLY_BYTES, size: undefined });
      expect(read).toBeLessThanOrEqual(MAX_REPLY_BYTES);
      expect(await pulled()).toBeLessThan(2 * MAX_REPLY_BYTES);
    });

    it('in a whole answer to a request that asked for a stream (read as bytes): its declared size is named', async () => {
      s.script({ reply: { oversized: { bytes: HUGE, whole: true } } });
      const failure = await client()
        .chat({ ...chat, stream: true })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ReplyTooLargeError);
      expect(failure).toMatchObject({ size: HUGE });
      expect(await pulled()).toBeLessThan(MAX_REPLY_BYTES);
    });

    it('in a whole answer of unknown size, read as bytes: cut at the cap', async () => {
      s.script({ reply: { oversized: { bytes: HUGE, whole: true, declareLength: false } } });
      const failure = await client()
        .chat({ ...chat, stream: true })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'ReplyTooLargeError', size: undefined });
      const made = await pulled();
      expect(made).toBeGreaterThan(MAX_REPLY_BYTES);
      expect(made).toBeLessThan(2 * MAX_REPLY_BYTES);
    });
  });
});
