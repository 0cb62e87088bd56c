import { describe, expect, it } from 'vitest';
import type { CallKeyMaterial } from '../src/cache/call-key.ts';
import { ModelCalls } from '../src/cache/model-calls.ts';

const material = (n: number): CallKeyMaterial => ({
  backend: 'ollama',
  model: 'm',
  params: {},
  system: '',
  messages: [{ role: 'user', content: `question ${n}` }],
  tools: [],
  outputSchema: null,
  epoch: 0,
});

/** A call that answers (or fails) when the test says so. */
function held() {
  let answer: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const reply = new Promise<string>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { call: () => reply, answer, fail };
}

// Each call is sent once the (absent) server check has settled: a turn of the event loop.
const sent = () => new Promise((resolve) => setImmediate(resolve));

describe('ModelCalls.inFlight', () => {
  it('counts calls sent and not answered; a failed call stops counting too', async () => {
    const calls = new ModelCalls(undefined);
    const [first, second, third] = [held(), held(), held()];
    const a = calls.run('agent', material(1), first.call);
    const b = calls.run('judge', material(2), second.call);
    const c = calls.run('agent', material(3), third.call);
    await sent();
    expect(calls.inFlight()).toBe(3);
    third.fail(new Error('refused'));
    await expect(c).rejects.toThrow('refused');
    expect(calls.inFlight()).toBe(2);
    first.answer('one');
    expect(await a).toBe('one');
    expect(calls.inFlight()).toBe(1);
    second.answer('two');
    expect(await b).toBe('two');
    expect(calls.inFlight()).toBe(0);
  });
});

describe('ModelCalls call listener', () => {
  it('tells of each call as it is sent and answered, of cache hits as answered, and of failures', async () => {
    const seen: string[] = [];
    const cache = new Map<string, unknown>();
    const store = {
      get: async (key: string) => cache.get(key),
      set: async (key: string, value: unknown) => void cache.set(key, value),
    };
    const calls = new ModelCalls(store, 'use', undefined, {
      sent: (call) => seen.push(`sent ${call.role} ${call.backend} ${call.model}`),
      answered: (call) => seen.push(`answered ${call.role} ${call.model}${call.cached ? ' cached' : ''}`),
      failed: (call) => seen.push(`failed ${call.role} ${call.model}: ${call.error.message}`),
    });
    const first = held();
    const a = calls.run('agent', material(1), first.call);
    await sent();
    expect(seen).toEqual(['sent agent ollama m']);
    first.answer('one');
    await a;
    await calls.run('agent', material(1), async () => 'unused');
    await expect(
      calls.run('judge', material(2), async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([
      'sent agent ollama m',
      'answered agent m',
      'answered agent m cached',
      'sent judge ollama m',
      'failed judge m: refused',
    ]);
  });
});
