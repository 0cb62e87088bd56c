import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { ollamaStructuredCall } from '../src/ollama/judge.ts';
import { MODEL } from './support.ts';

let s: OllamaStandIn;
beforeAll(async () => {
  s = await startOllamaStandIn();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const jsonSchema = z.toJSONSchema(z.object({ passed: z.boolean(), reasoning: z.string() })) as Record<string, unknown>;

const call = () =>
  ollamaStructuredCall({
    hosts: OllamaHosts.of({ host: s.url, timeoutMs: 5_000, retry: { baseDelayMs: 1 } }),
    model: MODEL,
    system: 'You grade answers.',
    prompt: 'Did it mention Paris?',
    jsonSchema,
  });

describe('ollamaStructuredCall', () => {
  it('sends the schema as format at temperature 0 and returns the raw text', async () => {
    s.script({
      match: { hasFormat: true },
      reply: { content: '{"passed":true,"reasoning":"yes"}', promptTokens: 30, outputTokens: 9 },
    });

    const result = await call();

    expect(result).toMatchObject({
      text: '{"passed":true,"reasoning":"yes"}',
      usage: { input: 30, output: 9 },
      model: MODEL,
    });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [request] = s.chatCalls({ hasFormat: true });
    expect(request?.body).toMatchObject({
      model: MODEL,
      format: jsonSchema,
      options: { temperature: 0 },
      stream: false,
      messages: [
        { role: 'system', content: 'You grade answers.' },
        { role: 'user', content: 'Did it mention Paris?' },
      ],
    });
  });

  it('returns garbage unparsed, since parsing belongs to core', async () => {
    s.script({ reply: { content: 'not json at all' } });
    expect((await call()).text).toBe('not json at all');
  });

  it('retries a crashed runner, then says how often it tried and what to check', async () => {
    s.script({ reply: { fault: 'http-500' } });
    await expect(call()).rejects.toThrow(
      'Ollama HTTP 500: llama runner process has terminated: stand-in http-500 fault (6 attempts); the model runner keeps failing (often out of memory): check `ollama ps` and the server log (journalctl -u ollama, or ~/.ollama/logs/server.log), or lower --concurrency',
    );
    expect(s.chatCalls()).toHaveLength(6);
  });
});
