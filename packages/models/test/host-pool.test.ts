import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ollamaChat } from '../src/ollama/chat-call.ts';
import { OllamaUnavailableError } from '../src/ollama/errors.ts';
import { OllamaHost } from '../src/ollama/host.ts';
import { OllamaHosts } from '../src/ollama/host-pool.ts';
import { ollamaStructuredCall } from '../src/ollama/judge.ts';
import { deadPort, MODEL } from './support.ts';

const open: OllamaStandIn[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function standIn(latencyMs = 0): Promise<OllamaStandIn> {
  const s = await startOllamaStandIn({ models: [MODEL], latencyMs });
  s.script({ match: { hasFormat: true }, reply: { content: '{"passed":true}' } });
  open.push(s);
  return s;
}

const host = (url: string) => new OllamaHost({ host: url, timeoutMs: 10_000, retry: { baseDelayMs: 1 } });

function pool(urls: string[], perHost: number) {
  const warnings: string[] = [];
  const hosts = new OllamaHosts(urls.map(host), { perHost, warn: (line) => warnings.push(line) });
  return { hosts, warnings };
}

const judge = (hosts: OllamaHosts, prompt: string) =>
  ollamaStructuredCall({ hosts, model: MODEL, system: 'Grade.', prompt, jsonSchema: { type: 'object' } });

/** The prompts a stand-in answered, from the user message of each chat it received. */
const prompts = (s: OllamaStandIn) => s.chatCalls().map((call) => call.body.messages?.at(-1)?.content);

describe('which host takes a call', () => {
  it('takes the least busy host, goes round the list among equals, and waits while every host is full', async () => {
    const { hosts } = pool(['http://a:1', 'http://b:1', 'http://c:1'], 2);
    const [a, b, c] = hosts.all as [OllamaHost, OllamaHost, OllamaHost];
    expect([await hosts.acquire(), await hosts.acquire(), await hosts.acquire()]).toEqual([a, b, c]);
    expect(hosts.waiting).toBe(0);
    expect(await hosts.acquire()).toBe(a);
    hosts.release(c);
    // c has nothing in flight now; a has two, b one.
    expect(await hosts.acquire()).toBe(c);
    // Passed over: b, where the call just failed, though it is as busy as c.
    expect(await hosts.acquire(b)).toBe(c);
    expect(await hosts.acquire()).toBe(b);
    // Every host is at its limit of two: the next call waits for the first slot to come free.
    let got: OllamaHost | undefined;
    const waiting = hosts.acquire().then((h) => {
      got = h;
    });
    await Promise.resolve();
    expect([got, hosts.waiting]).toEqual([undefined, 1]);
    hosts.release(b);
    await waiting;
    expect([got, hosts.waiting]).toEqual([b, 0]);
  });

  it("weighs busy by each host's own limit: 2 calls of 8 are less busy than 1 of 2", async () => {
    const big = new OllamaHost({ host: 'http://big:1', timeoutMs: 1_000, callsAtOnce: 8 });
    const small = new OllamaHost({ host: 'http://small:1', timeoutMs: 1_000, callsAtOnce: 2 });
    const hosts = new OllamaHosts([big, small], { perHost: 1 });
    const taken = [];
    for (let i = 0; i < 6; i++) taken.push(await hosts.acquire());
    // Counting calls alone, the fourth would go to small (1 in flight against big's 2).
    expect(taken).toEqual([big, small, big, big, big, small]);
  });

  it('takes a host out once, with one warning, and never the last one', () => {
    const { hosts, warnings } = pool(['http://a:1', 'http://user:secret@b:1'], 1);
    const [a, b] = hosts.all as [OllamaHost, OllamaHost];
    expect(hosts.takeOut(b, 'stopped answering (ECONNREFUSED)')).toBe(true);
    expect(hosts.takeOut(b, 'stopped answering (ECONNREFUSED)')).toBe(true);
    expect(hosts.takeOut(a, 'stopped answering (ECONNREFUSED)')).toBe(false);
    expect(hosts.serving).toEqual([a]);
    expect(warnings).toEqual([
      'warning: ollama host http://***@b:1 stopped answering (ECONNREFUSED); continuing on 1 host',
    ]);
    expect(hosts.usage()).toEqual([
      { url: 'http://a:1', served: 0 },
      { url: 'http://***@b:1', served: 0, out: 'taken out' },
    ]);
  });
});

describe('calls over several real servers', () => {
  it('gives a slow host fewer calls, and retries its call elsewhere when it dies mid-answer', async () => {
    const slow = await standIn(60_000);
    const fast = await standIn();
    const { hosts, warnings } = pool([slow.url, fast.url], 1);
    // The first call goes to the slow host (first in the list) and stays there; the fast one takes the rest.
    const stuck = judge(hosts, 'case 0');
    const rest = await Promise.all([1, 2, 3, 4, 5].map((i) => judge(hosts, `case ${i}`)));
    expect(rest.map((r) => r.retries)).toEqual([0, 0, 0, 0, 0]);
    expect(prompts(slow)).toEqual(['case 0']);
    expect(prompts(fast).sort()).toEqual(['case 1', 'case 2', 'case 3', 'case 4', 'case 5']);

    // The slow server crashes with the call in flight: its socket is cut, and it refuses from then on.
    await slow.close();
    const answer = await stuck;
    expect(answer).toMatchObject({ text: '{"passed":true}', retries: 1 });
    expect(prompts(fast).sort()).toEqual(['case 0', 'case 1', 'case 2', 'case 3', 'case 4', 'case 5']);
    expect(warnings).toEqual([
      `warning: ollama host ${slow.url} stopped answering (ECONNREFUSED); continuing on 1 host`,
    ]);
    expect(hosts.usage()).toEqual([
      { url: slow.url, served: 0, out: 'taken out' },
      { url: fast.url, served: 6 },
    ]);
  });

  it('takes a host that refuses out at its first call and sends the call to another', async () => {
    const live = await standIn();
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const { hosts, warnings } = pool([dead, live.url], 4);
    const answers = await Promise.all(['a', 'b', 'c'].map((p) => judge(hosts, p)));
    expect(answers.map((a) => a.text)).toEqual(['{"passed":true}', '{"passed":true}', '{"passed":true}']);
    expect(prompts(live).sort()).toEqual(['a', 'b', 'c']);
    expect(warnings).toEqual([`warning: ollama host ${dead} stopped answering (ECONNREFUSED); continuing on 1 host`]);
  });

  it('takes out a host that answers probes but lets every call time out, once the calls it lost reach the retry budget', async () => {
    const hung = await startOllamaStandIn({ models: [MODEL] });
    open.push(hung);
    hung.script({ reply: { fault: 'hang' } });
    const live = await standIn();
    const warnings: string[] = [];
    const timed = (url: string) =>
      new OllamaHost({ host: url, timeoutMs: 300, retry: { maxAttempts: 2, baseDelayMs: 1 } });
    const hosts = new OllamaHosts([timed(hung.url), timed(live.url)], { perHost: 1, warn: (l) => warnings.push(l) });
    // One at a time: the first goes to the hung host, times out and is answered by the other; the second
    // does the same, which is the hung host's second lost call in a row (maxAttempts 2): it is taken out.
    const first = await judge(hosts, 'one');
    const second = await judge(hosts, 'two');
    const third = await judge(hosts, 'three');
    expect([first.retries, second.retries, third.retries]).toEqual([1, 1, 0]);
    expect(prompts(hung)).toEqual(['one', 'two']);
    expect(prompts(live)).toEqual(['one', 'two', 'three']);
    expect(warnings).toEqual([
      `warning: ollama host ${hung.url} stopped answering (2 calls in a row got no answer: Ollama request timed out after 300 ms); continuing on 1 host`,
    ]);
  });

  it('takes out a host that lost the model (404) and answers from another', async () => {
    const bare = await startOllamaStandIn({ models: ['other:1b'] });
    open.push(bare);
    const live = await standIn();
    const { hosts, warnings } = pool([bare.url, live.url], 4);
    const answer = await judge(hosts, 'p');
    expect(answer).toMatchObject({ text: '{"passed":true}', retries: 1 });
    expect(prompts(live)).toEqual(['p']);
    expect(warnings).toEqual([
      `warning: ollama host ${bare.url} answered HTTP 404 (model '${MODEL}' not found); continuing on 1 host`,
    ]);
  });

  it('fails as one unreachable server does when every host refuses', async () => {
    const dead = [`http://127.0.0.1:${await deadPort()}`, `http://127.0.0.1:${await deadPort()}`];
    const { hosts, warnings } = pool(dead, 4);
    const error = await judge(hosts, 'p').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OllamaUnavailableError);
    expect((error as OllamaUnavailableError).kind).toBe('unreachable');
    expect((error as Error).message).toBe('Cannot reach the Ollama server (ECONNREFUSED)');
    expect(warnings).toHaveLength(1);
  });
});

describe('calls not sent', () => {
  it('counts a call waiting out its backoff after a 503 as waiting until it is sent again', async () => {
    const s = await standIn();
    s.script({ reply: { fault: 'busy' } });
    // A backoff of up to a minute: the call is cancelled while it waits.
    const retry = { baseDelayMs: 60_000, maxDelayMs: 60_000 };
    const hosts = new OllamaHosts([new OllamaHost({ host: s.url, timeoutMs: 10_000, retry })]);
    const cancel = new AbortController();
    const request = { model: MODEL, messages: [{ role: 'user', content: 'hi' }] };
    const call = ollamaChat({ hosts, request, outputTokens: 16, signal: cancel.signal }).catch((error) => error);
    await vi.waitFor(() => expect(hosts.waiting).toBe(1));
    expect(s.chatCalls()).toHaveLength(1);
    cancel.abort();
    expect(((await call) as Error).name).toBe('AbortError');
    expect(hosts.waiting).toBe(0);
  });
});
