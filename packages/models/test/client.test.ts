import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

  it('keeps NDJSON streaming working through the wrapper', async () => {
    s.script({ reply: { content: 'one two three', latencyMs: 20 } });
    const client = createOllamaClient({ host: s.url, timeoutMs: 5_000 });
    let text = '';
    for await (const part of await client.chat({ ...chat, stream: true })) text += part.message.content;
    expect(text).toBe('one two three');
  });
});
