import { Ollama } from 'ollama';
import { describe, expect, it } from 'vitest';
import { freshStandIns } from './fresh-stand-in.ts';

// A reply slow enough that what must happen during it still does on a loaded CI machine (600 ms was not).
const SLOW_MS = 2000;

const standIn = freshStandIns();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(5);
}

/** Asks `model` with `content` as the user message; what the model answered is pushed on `answered`. */
function asker(ollama: Ollama, answered: string[]) {
  return (model: string, content: string) =>
    ollama.chat({ model, messages: [{ role: 'user', content }] }).then((res) => {
      answered.push(res.message.content);
      return res;
    });
}

describe('model residency', () => {
  it('charges a load on every switch when one model fits, and reloads for another num_ctx', async () => {
    const { s, ollama } = await standIn({ models: ['agent:4b', 'judge:8b'], maxLoaded: 1, loadDelayMs: 50 });
    s.script({ reply: { content: 'ok' } });
    const ask = (model: string, numCtx?: number) =>
      ollama.chat({
        model,
        messages: [{ role: 'user', content: 'hi' }],
        ...(numCtx && { options: { num_ctx: numCtx } }),
      });
    const first = await ask('agent:4b');
    expect(first.load_duration).toBeGreaterThanOrEqual(50_000_000);
    await ask('agent:4b');
    await ask('judge:8b');
    await ask('agent:4b');
    await ask('agent:4b', 8192);
    expect(s.loads().map((l) => `${l.model}@${l.numCtx}`)).toEqual([
      'agent:4b@4096',
      'judge:8b@4096',
      'agent:4b@4096',
      'agent:4b@8192',
    ]);
    const ps = await ollama.ps();
    expect(ps.models.map((m) => [m.name, (m as unknown as { context_length: number }).context_length])).toEqual([
      ['agent:4b', 8192],
    ]);
  });

  it('keeps several models loaded when they fit, and unloads one at once with keep_alive 0', async () => {
    const { s, ollama } = await standIn({ models: ['agent:4b', 'judge:8b'], maxLoaded: 2 });
    s.script({ reply: { content: 'ok' } });
    const messages = [{ role: 'user', content: 'hi' }];
    await ollama.chat({ model: 'agent:4b', messages, keep_alive: -1 });
    await ollama.chat({ model: 'judge:8b', messages });
    await ollama.chat({ model: 'agent:4b', messages });
    expect(s.loads()).toHaveLength(2);
    expect((await ollama.ps()).models.map((m) => m.name).sort()).toEqual(['agent:4b', 'judge:8b']);
    await ollama.chat({ model: 'judge:8b', messages, keep_alive: 0 });
    expect((await ollama.ps()).models.map((m) => m.name)).toEqual(['agent:4b']);
  });

  it('evicts a model only once its requests are answered, and later requests wait behind that load', async () => {
    const { s, ollama } = await standIn({ models: ['agent:4b', 'judge:8b'], maxLoaded: 1, loadDelayMs: 100 });
    s.script({ match: { model: 'agent:4b', contains: 'slow' }, reply: { content: 'A1', latencyMs: SLOW_MS } });
    s.script({ match: { model: 'judge:8b' }, reply: { content: 'B', latencyMs: 200 } });
    s.script({ match: { model: 'agent:4b' }, reply: { content: 'A2' } });
    const answered: string[] = [];
    const ask = asker(ollama, answered);
    const a1 = ask('agent:4b', 'slow');
    await until(() => s.loads().length === 1);
    const b = ask('judge:8b', 'grade');
    await until(() => s.chatCalls().length === 2);
    // The judge's load is pending, yet the agent stays loaded while its reply is under way.
    expect((await ollama.ps()).models.map((m) => m.name)).toEqual(['agent:4b']);
    const a2 = ask('agent:4b', 'again');
    await Promise.all([a1, b, a2]);

    expect(answered).toEqual(['A1', 'B', 'A2']);
    expect(s.loads().map((l) => l.model)).toEqual(['agent:4b', 'judge:8b', 'agent:4b']);
    const [loadA, loadB, reloadA] = s.loads();
    const [, , callA2] = s.chatCalls();
    // A1's slow reply starts once its load is done: the judge's load began after it was answered.
    expect(loadB?.startedAt).toBeGreaterThanOrEqual((loadA?.at ?? 0) + SLOW_MS - 5);
    // A2 came while the agent was still loaded, and was answered only after the judge's load and
    // reply (200 ms, started when that load was done): it waited in the queue behind the load.
    expect(callA2?.at).toBeLessThan(loadB?.startedAt ?? 0);
    expect(reloadA?.startedAt).toBeGreaterThanOrEqual((loadB?.at ?? 0) + 195);
  });

  it('serves both models at once when both fit, with no waiting', async () => {
    const { s, ollama } = await standIn({ models: ['agent:4b', 'judge:8b'], maxLoaded: 2, loadDelayMs: 100 });
    s.script({ match: { model: 'agent:4b' }, reply: { content: 'A', latencyMs: SLOW_MS } });
    s.script({ match: { model: 'judge:8b' }, reply: { content: 'B' } });
    const answered: string[] = [];
    const ask = asker(ollama, answered);
    const a = ask('agent:4b', 'slow');
    await until(() => s.loads().length === 1);
    await Promise.all([a, ask('judge:8b', 'grade')]);

    expect(answered).toEqual(['B', 'A']);
    expect(s.loads().map((l) => l.model)).toEqual(['agent:4b', 'judge:8b']);
    const [, callB] = s.chatCalls();
    // Waiting for the agent's reply would put this at SLOW_MS - 100 ms or more.
    expect((s.loads()[1]?.startedAt ?? Infinity) - (callB?.at ?? 0)).toBeLessThan(SLOW_MS / 2);
    expect((await ollama.ps()).models.map((m) => m.name).sort()).toEqual(['agent:4b', 'judge:8b']);
  });

  it('makes room by unloading an idle model before one that is answering', async () => {
    const models = ['agent:4b', 'judge:8b', 'other:1b'];
    const { s, ollama } = await standIn({ models, maxLoaded: 2, loadDelayMs: 100 });
    s.script({ match: { model: 'agent:4b' }, reply: { content: 'A', latencyMs: SLOW_MS } });
    s.script({ reply: { content: 'quick' } });
    const answered: string[] = [];
    const ask = asker(ollama, answered);
    const a = ask('agent:4b', 'slow');
    await until(() => s.loads().length === 1);
    await ask('judge:8b', 'grade');
    const other = ask('other:1b', 'hi');
    await Promise.all([a, other]);

    expect(answered).toEqual(['quick', 'quick', 'A']);
    expect(s.loads().map((l) => l.model)).toEqual(['agent:4b', 'judge:8b', 'other:1b']);
    const [, , callOther] = s.chatCalls();
    expect((s.loads()[2]?.startedAt ?? Infinity) - (callOther?.at ?? 0)).toBeLessThan(SLOW_MS / 2);
    // The agent was used least recently, but it was answering; the idle judge went instead.
    expect((await ollama.ps()).models.map((m) => m.name).sort()).toEqual(['agent:4b', 'other:1b']);
  });

  it('frees a model when its client gives up on a hung reply, and the load waiting on it goes ahead', async () => {
    const { s, ollama } = await standIn({ models: ['agent:4b', 'judge:8b'], maxLoaded: 1 });
    s.script({ match: { model: 'agent:4b' }, reply: { fault: 'hang' } });
    s.script({ match: { model: 'judge:8b' }, reply: { content: 'B' } });
    const impatient = new Ollama({
      host: s.url,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(300) }),
    });
    const messages = [{ role: 'user', content: 'hi' }];
    const sentAt = Date.now();
    const hung = impatient.chat({ model: 'agent:4b', messages }).catch((error: unknown) => error);
    await until(() => s.loads().length === 1);
    const b = await ollama.chat({ model: 'judge:8b', messages });

    expect(b.message.content).toBe('B');
    expect(await hung).toMatchObject({ name: 'TimeoutError' });
    expect(s.loads().map((l) => l.model)).toEqual(['agent:4b', 'judge:8b']);
    // The client's 300 ms run from before the request left; the judge's load began only after them.
    expect(s.loads()[1]?.startedAt).toBeGreaterThanOrEqual(sentAt + 295);
  });

  it('closes without waiting for a load stuck behind a hung reply', async () => {
    const { s, ollama } = await standIn({ models: ['agent:4b', 'judge:8b'], maxLoaded: 1 });
    s.script({ match: { model: 'agent:4b' }, reply: { fault: 'hang' } });
    s.script({ match: { model: 'judge:8b' }, reply: { content: 'B' } });
    const messages = [{ role: 'user', content: 'hi' }];
    const hung = ollama.chat({ model: 'agent:4b', messages }).catch((error: unknown) => error);
    await until(() => s.loads().length === 1);
    const waiting = ollama.chat({ model: 'judge:8b', messages }).catch((error: unknown) => error);
    await until(() => s.chatCalls().length === 2);
    await sleep(100);
    expect(s.loads().map((l) => l.model)).toEqual(['agent:4b']);

    const closed = s.close().then(() => 'closed');
    await expect(Promise.race([closed, sleep(2000).then(() => 'still open')])).resolves.toBe('closed');
    expect(await hung).toMatchObject({ message: 'fetch failed' });
    expect(await waiting).toMatchObject({ message: 'fetch failed' });
    expect(s.loads().map((l) => l.model)).toEqual(['agent:4b']);
  });
});
