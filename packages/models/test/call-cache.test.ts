import { CacheMissError, ModelCalls } from '@evalpacks/core/runner';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOllamaAgent, createOllamaJudge } from '../src/ollama/backend.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { agentRequest, MODEL, mapCache, packWeatherTool } from './support.ts';

let s: OllamaStandIn;
beforeAll(async () => {
  s = await startOllamaStandIn();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const hosts = () => OllamaHosts.of({ host: s.url, timeoutMs: 5_000 });

function scriptWeather(): void {
  s.script({
    match: { lastRole: 'user' },
    reply: { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], promptTokens: 40, outputTokens: 8 },
  });
  s.script({ match: { lastRole: 'tool' }, reply: { content: 'Clear, 21 °C.', promptTokens: 60, outputTokens: 5 } });
}

const { weather } = packWeatherTool();

const agentRun = (calls: ModelCalls, epoch: number) =>
  createOllamaAgent({ hosts: hosts(), model: MODEL, calls }).run(
    agentRequest('Weather in Paris?', { epoch, tools: [weather] }),
  );

describe('the call cache in the Ollama backend', () => {
  it('replays a two-turn tool conversation turn by turn with no request, and keeps epochs apart', async () => {
    scriptWeather();
    const cache = mapCache();
    const first = await agentRun(new ModelCalls(cache), 0);
    expect(s.chatCalls()).toHaveLength(2);
    expect(cache.size()).toBe(2);

    const replay = new ModelCalls(cache);
    const again = await agentRun(replay, 0);
    expect(s.chatCalls()).toHaveLength(2);
    expect(replay.stats().agent).toEqual({ made: 0, cached: 2 });
    // The same answer and calls; no tokens, since this run spent none.
    expect({ ...again, latencyMs: 0 }).toEqual({ ...first, latencyMs: 0, usage: { input: 0, output: 0 } });
    expect(first.usage).toEqual({ input: 100, output: 13 });

    const repeat = new ModelCalls(cache);
    await agentRun(repeat, 1);
    expect(repeat.stats().agent).toEqual({ made: 2, cached: 0 });
    expect(s.chatCalls()).toHaveLength(4);
  });

  it('asks the model again with refresh and stores the newer answer', async () => {
    scriptWeather();
    const cache = mapCache();
    await agentRun(new ModelCalls(cache), 0);
    const refresh = new ModelCalls(cache, 'refresh');
    await agentRun(refresh, 0);
    expect(refresh.stats().agent).toEqual({ made: 2, cached: 0 });
    expect(s.chatCalls()).toHaveLength(4);
    expect(cache.size()).toBe(2);
  });

  it('throws the cache miss out of the agent offline, without any request', async () => {
    scriptWeather();
    await expect(agentRun(new ModelCalls(mapCache(), 'offline'), 0)).rejects.toBeInstanceOf(CacheMissError);
    expect(s.calls).toHaveLength(0);
  });

  it('caches a judge call under its schema, prompt and epoch', async () => {
    s.script({ match: { hasFormat: true }, reply: { content: '{"caught":true,"reasoning":"yes"}' } });
    const cache = mapCache();
    const jsonSchema = z.toJSONSchema(z.object({ caught: z.boolean() })) as Record<string, unknown>;
    const judge = (calls: ModelCalls, prompt: string, epoch: number) =>
      createOllamaJudge({ hosts: hosts(), model: MODEL, calls }).call({ system: 'Judge.', prompt, jsonSchema, epoch });
    const calls = new ModelCalls(cache);
    const fresh = await judge(calls, 'Did it say Paris?', 0);
    const hit = await judge(calls, 'Did it say Paris?', 0);
    await judge(calls, 'Did it say Paris?', 1);
    await judge(calls, 'Did it say Lyon?', 0);
    expect(hit.text).toBe(fresh.text);
    expect(hit.usage).toEqual({ input: 0, output: 0 });
    expect(fresh.usage.input).toBeGreaterThan(0);
    expect(calls.stats().judge).toEqual({ made: 3, cached: 1 });
    expect(s.chatCalls({ hasFormat: true })).toHaveLength(3);
    await expect(judge(new ModelCalls(cache, 'offline'), 'Did it say Berlin?', 0)).rejects.toBeInstanceOf(
      CacheMissError,
    );
  });

  it('keys a judge call on its prompt version: another version asks again, the same one replays', async () => {
    s.script({ match: { hasFormat: true }, reply: { content: '{"caught":true,"reasoning":"yes"}' } });
    const jsonSchema = z.toJSONSchema(z.object({ caught: z.boolean() })) as Record<string, unknown>;
    const calls = new ModelCalls(mapCache());
    const judge = (promptVersion?: string) =>
      createOllamaJudge({ hosts: hosts(), model: MODEL, calls }).call({
        system: 'Judge.',
        prompt: 'Did it say Paris?',
        jsonSchema,
        ...(promptVersion && { promptVersion }),
      });
    await judge('risen-judge-v1');
    await judge('risen-judge-v2');
    await judge('risen-judge-v2');
    await judge();
    expect(calls.stats().judge).toEqual({ made: 3, cached: 1 });
    expect(s.chatCalls({ hasFormat: true })).toHaveLength(3);
  });

  it('replays a judge answer exactly, cut off or not, with no tokens and no retries', async () => {
    s.script({ match: { hasFormat: true }, reply: { fault: 'http-500' }, times: 1 });
    s.script({ match: { hasFormat: true }, reply: { content: '{"caught":', outputTokens: 20_000 } });
    const jsonSchema = z.toJSONSchema(z.object({ caught: z.boolean() })) as Record<string, unknown>;
    const cache = mapCache();
    const ask = (calls: ModelCalls) =>
      createOllamaJudge({ hosts: hosts(), model: MODEL, calls }).call({
        system: 'Judge.',
        prompt: 'Caught?',
        jsonSchema,
      });
    const live = await ask(new ModelCalls(cache));
    // Cut in proportion to the 10,240 of 20,000 tokens the judge's num_predict allows.
    expect(live).toMatchObject({ text: '{"cau', stopReason: 'length', retries: 1 });
    const replay = new ModelCalls(cache);
    const again = await ask(replay);
    expect(replay.stats().judge).toEqual({ made: 0, cached: 1 });
    expect({ ...again, latencyMs: 0 }).toEqual({ ...live, latencyMs: 0, usage: { input: 0, output: 0 }, retries: 0 });
    expect(s.chatCalls({ hasFormat: true })).toHaveLength(2);
  });

  it('takes a cached entry of another shape (an older layout, a hand edit) as a miss, and replaces it', async () => {
    s.script({ match: { hasFormat: true }, reply: { content: '{"caught":true}' } });
    const jsonSchema = z.toJSONSchema(z.object({ caught: z.boolean() })) as Record<string, unknown>;
    const entries = new Map<string, unknown>();
    const cache = {
      get: async (key: string) => entries.get(key),
      set: async (key: string, v: unknown) => void entries.set(key, v),
    };
    const ask = (calls: ModelCalls) =>
      createOllamaJudge({ hosts: hosts(), model: MODEL, calls }).call({
        system: 'Judge.',
        prompt: 'Caught?',
        jsonSchema,
      });
    await ask(new ModelCalls(cache));
    // What Ollama's client-level cache kept before: the raw chat reply.
    for (const key of entries.keys()) entries.set(key, { message: { role: 'assistant', content: '{"caught":true}' } });
    const calls = new ModelCalls(cache);
    expect((await ask(calls)).text).toBe('{"caught":true}');
    expect([calls.stats().judge, calls.replacedEntries()]).toEqual([{ made: 1, cached: 0 }, 1]);
    expect([...entries.values()]).toEqual([expect.objectContaining({ text: '{"caught":true}' })]);
  });
});
