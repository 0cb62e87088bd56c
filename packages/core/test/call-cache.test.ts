import { describe, expect, it } from 'vitest';
import { type CallKeyMaterial, callCacheKey, canonicalJson } from '../src/cache/call-key.ts';
import { CacheMissError, type CallCache, findCacheMiss, ModelCalls } from '../src/cache/model-calls.ts';

const material: CallKeyMaterial = {
  backend: 'ollama',
  model: 'qwen3.5:4b',
  params: { options: { temperature: 0 } },
  system: 'You review code.',
  messages: [{ role: 'user', content: 'review this' }],
  tools: [{ name: 'lookup' }],
  outputSchema: null,
  epoch: 0,
};

function mapCache(): CallCache & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return { entries, get: async (key) => entries.get(key), set: async (key, value) => void entries.set(key, value) };
}

describe('callCacheKey', () => {
  it('ignores key order and undefined fields', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [2, { f: 1, e: 0 }] } })).toBe(
      '{"a":{"c":[2,{"e":0,"f":1}]},"b":1}',
    );
    const reordered = { ...material, params: { options: { temperature: 0 }, ignored: undefined } };
    expect(callCacheKey(reordered)).toBe(callCacheKey(material));
    expect(callCacheKey(material)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['backend', { backend: 'bedrock' }],
    ['model', { model: 'qwen3.5:0.8b' }],
    ['generation parameters', { params: { options: { temperature: 0.7 } } }],
    ['system prompt', { system: 'You review prose.' }],
    ['messages', { messages: [{ role: 'user', content: 'review that' }] }],
    ['tool definitions', { tools: [] }],
    ['output schema', { outputSchema: { type: 'object' } }],
    ['epoch', { epoch: 1 }],
  ])('changes with the %s', (_name, change) => {
    expect(callCacheKey({ ...material, ...change })).not.toBe(callCacheKey(material));
  });
});

describe('ModelCalls', () => {
  it('calls once, then answers from the cache, counting both', async () => {
    const cache = mapCache();
    const calls = new ModelCalls(cache);
    let made = 0;
    const call = async () => ({ text: `answer ${++made}` });
    expect(await calls.run('agent', material, call)).toEqual({ text: 'answer 1' });
    expect(await calls.run('agent', material, call)).toEqual({ text: 'answer 1' });
    expect(await calls.run('judge', { ...material, epoch: 2 }, call)).toEqual({ text: 'answer 2' });
    expect(await calls.run('user', { ...material, epoch: 3 }, call)).toEqual({ text: 'answer 3' });
    expect(await calls.run('user', { ...material, epoch: 3 }, call)).toEqual({ text: 'answer 3' });
    expect(calls.stats()).toEqual({
      agent: { made: 1, cached: 1 },
      judge: { made: 1, cached: 0 },
      user: { made: 1, cached: 1 },
    });
  });

  it('calls again with refresh and keeps the newest answer', async () => {
    const cache = mapCache();
    await new ModelCalls(cache).run('agent', material, async () => 'old');
    const refresh = new ModelCalls(cache, 'refresh');
    expect(await refresh.run('agent', material, async () => 'new')).toBe('new');
    expect(await new ModelCalls(cache).run('agent', material, async () => 'unused')).toBe('new');
    expect(refresh.stats().agent).toEqual({ made: 1, cached: 0 });
  });

  it('never calls offline: a miss is a CacheMissError', async () => {
    const calls = new ModelCalls(mapCache(), 'offline');
    let called = false;
    const miss = calls.run('judge', material, async () => {
      called = true;
    });
    await expect(miss).rejects.toBeInstanceOf(CacheMissError);
    expect(called).toBe(false);
    const wrapped = new Error('model failed', { cause: new CacheMissError('agent', 'k') });
    expect(findCacheMiss(wrapped)?.role).toBe('agent');
    expect(findCacheMiss(new Error('other'))).toBeUndefined();
  });

  it('runs beforeFirstCall once, before the first call that reaches a model, and never for hits', async () => {
    const cache = mapCache();
    const checks: string[] = [];
    await new ModelCalls(cache).run('agent', material, async () => 'cached');
    const calls = new ModelCalls(cache, 'use', async () => void checks.push('preflight'));
    await calls.run('agent', material, async () => 'unused');
    expect(checks).toEqual([]);
    await Promise.all([
      calls.run('agent', { ...material, epoch: 1 }, async () => 'a'),
      calls.run('agent', { ...material, epoch: 2 }, async () => 'b'),
    ]);
    expect(checks).toEqual(['preflight']);
  });

  it('fails every call when the first-call check fails', async () => {
    const calls = new ModelCalls(mapCache(), 'use', async () => {
      throw new Error('server down');
    });
    await expect(calls.run('agent', material, async () => 'x')).rejects.toThrow('server down');
    await expect(calls.run('judge', { ...material, epoch: 1 }, async () => 'x')).rejects.toThrow('server down');
    expect(calls.stats().agent.made).toBe(0);
  });
});
