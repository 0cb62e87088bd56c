import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { ollamaHostsSchema } from '../src/backends/ollama/hosts-option.ts';
import { evalCommand } from '../src/commands/eval.ts';
import { closedPort } from './closed-port.ts';
import { failureOf, quietIo } from './in-process.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';

/** A review that passes every structural check of a code-review case. */
const REVIEW = readFileSync(
  new URL('./packs/code-review/samples/basic-vulnerabilities.review.md', import.meta.url),
  'utf8',
);

/** Nine small code-review cases, each told apart by its handler name. */
const CASES = Array.from({ length: 9 }, (_, i) => ({
  id: `handler-${i + 1}`,
  name: `Handler ${i + 1}`,
  input: `export const handler${i + 1} = async (e) => ddb.send(new ScanCommand({ TableName: 'orders' }));`,
  expectedFindings: [{ id: 'full-scan', description: 'Scans the whole table', severity: 'medium', keywords: ['Scan'] }],
}));

const casesFile = (() => {
  const file = join(mkdtempSync(join(tmpdir(), 'evalpacks-hosts-')), 'cases.json');
  writeFileSync(file, JSON.stringify(CASES));
  return file;
})();

const open: OllamaStandIn[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** A stand-in that answers every agent call with the passing review; `die` makes its n-th call its last. */
async function host(die?: number): Promise<OllamaStandIn> {
  const s = await startOllamaStandIn({ models: ['qwen3.5:4b'] });
  open.push(s);
  s.script({
    match: { hasFormat: false },
    reply: (_request, n) => {
      // A crash with this call in flight: its socket is cut, and the port refuses from then on.
      if (n === die) setImmediate(() => void s.close());
      return { content: REVIEW, promptTokens: 100, outputTokens: 50, ...(n === die && { latencyMs: 60_000 }) };
    },
  });
  return s;
}

const evalArgs = (store: string, hosts: string[], ...extra: string[]) => [
  'eval',
  '--domain',
  'code-review',
  '--test-case',
  casesFile,
  '--structural-only',
  '--store',
  store,
  ...hosts.flatMap((url) => ['--ollama-host', url]),
  ...extra,
];

/** How many agent requests each case got at these stand-ins, in case order. */
const requestsPerCase = (...standIns: OllamaStandIn[]) =>
  CASES.map((c) => standIns.reduce((n, s) => n + s.chatCalls({ contains: `handler${c.id.slice(8)} ` }).length, 0));

const port = (s: OllamaStandIn) => s.url.replace('http://', '');

describe('eval on several Ollama hosts', () => {
  it('finishes every case exactly once when one of three hosts dies mid-run, with one warning', async () => {
    const [a, b, c] = [await host(), await host(), await host(1)];
    const store = tempStore();
    // One call at a time on each host: the first three calls go to a, b and c in turn, and c dies with its first.
    const result = await runCli(evalArgs(store, [a.url, `${b.url},${c.url}`], '--concurrency', '1'));

    expect(result.stderr).toBe(
      `warning: ollama host ${c.url} stopped answering (ECONNREFUSED); continuing on 2 hosts\n`,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `agent  ollama qwen3.5:4b @ ${a.url}, ${b.url}, ${c.url} · num_ctx auto · --concurrency 1 on each\n`,
    );
    // c received one case's call and never answered it; a and b answered every case once.
    expect(c.chatCalls()).toHaveLength(1);
    expect(requestsPerCase(a, b)).toEqual(CASES.map(() => 1));
    const saved = EvalStore.open(store);
    expect(
      saved
        .caseResults(1)
        .map((r) => r.case.id)
        .sort(),
    ).toEqual(CASES.map((c) => c.id).sort());
    const retried = saved.caseResults(1).filter((r) => r.transcript.retries === 1);
    expect(retried.map((r) => r.case.input)).toEqual([c.chatCalls()[0]?.body.messages?.at(-1)?.content]);
    expect(saved.run(1)?.config).toMatchObject({ flags: { ollamaHost: [a.url, `${b.url},${c.url}`] } });
    saved.close();

    const served = [a, b].map((s) => s.chatCalls().length);
    expect(summaryOf(result.stdout)).toContain(
      `  ollama hosts    3 (${port(a)} ${served[0]} calls; ${port(b)} ${served[1]} calls; ${port(c)} taken out after 0 calls)`,
    );
    expect(summaryOf(result.stdout)).toContain('  cases           9/9 passed');
    // The progress line (plain, as in a log) says where the calls go; the last one, after c was taken out.
    const progress = result.stdout.split('\n').filter((line) => line.startsWith('progress '));
    expect(progress.at(-1)).toContain(
      '9/9 cases (100%) · 9 passed, 0 failed, 0 errors · 0 in flight on 2 of 3 ollama hosts ·',
    );
  });

  it('stops as an infrastructure error when the last host dies, and --resume finishes on another', async () => {
    const [a, b] = [await host(1), await host(3)];
    const store = tempStore();
    const result = await runCli(evalArgs(store, [a.url, b.url], '--concurrency', '1'));
    // Which of the two dies first depends on which gets its fatal call first; the other is the last one left.
    const warning = (s: OllamaStandIn) =>
      `warning: ollama host ${s.url} stopped answering (ECONNREFUSED); continuing on 1 host`;
    const [first, error] = result.stderr.trimEnd().split('\n');
    expect([warning(a), warning(b)]).toContain(first);
    expect(error).toMatch(/^evalpacks: Cannot reach the Ollama server \(ECONNREFUSED\)\. Fix: [^\n]+$/);
    expect(result.stderr.split('\n')).toHaveLength(3);
    expect(result.code).toBe(2);
    // Either way b answered two calls, then died with its third.
    const saved = EvalStore.open(store);
    const done = saved.caseResults(1).map((r) => r.case.id);
    saved.close();
    expect(done).toHaveLength(2);

    const c = await host();
    const resumed = await runCli(['eval', '--resume', '--store', store, '--ollama-host', c.url]);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('resumed with 2 of 9 results saved');
    expect(c.chatCalls()).toHaveLength(7);
    expect(requestsPerCase(c).filter((n, i) => n === 1 && !done.includes(CASES[i]?.id ?? ''))).toHaveLength(7);
  });

  it('gives a host its own limit after #, and keeps the sum of the limits in flight', async () => {
    const [a, b] = [await host(), await host()];
    const result = await runCli(evalArgs(tempStore(), [`${a.url}#3`, b.url], '--concurrency', '1'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `agent  ollama qwen3.5:4b @ ${a.url} (3 at once), ${b.url} (1 at once) · num_ctx auto\n`,
    );
    expect(requestsPerCase(a, b)).toEqual(CASES.map(() => 1));
  });

  it('replays a run made on two hosts from the cache on a third, which is never contacted', async () => {
    const [a, b] = [await host(), await host()];
    const store = tempStore();
    const first = await runCli(evalArgs(store, [a.url, b.url]));
    expect(first.code).toBe(0);
    expect(requestsPerCase(a, b)).toEqual(CASES.map(() => 1));
    // Both hosts took calls: the cache must answer calls made on either.
    expect(a.chatCalls().length).toBeGreaterThan(0);
    expect(b.chatCalls().length).toBeGreaterThan(0);

    const c = await host();
    const again = await runCli(evalArgs(store, [c.url]));
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(summaryOf(again.stdout)).toContain('  model calls     0 made, 9 from the cache');
    expect(c.calls).toHaveLength(0);
  });

  it('leaves out a host that is down at the start with one line, and fails in one line when all are', async () => {
    const a = await host();
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const one = await runCli(evalArgs(tempStore(), [dead, a.url]));
    expect(one.stderr).toBe(
      `warning: ollama host ${dead} is left out: Cannot reach the Ollama server (ECONNREFUSED); running on 1 host\n`,
    );
    expect(one.code).toBe(0);
    expect(requestsPerCase(a)).toEqual(CASES.map(() => 1));
    expect(summaryOf(one.stdout)).toContain(
      `  ollama hosts    2 (${port({ url: dead } as OllamaStandIn)} left out at the start; ${port(a)} 9 calls)`,
    );

    const other = `http://127.0.0.1:${await closedPort()}`;
    const none = await runCli(evalArgs(tempStore(), [dead, other]));
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /^evalpacks: Cannot reach the Ollama server \(ECONNREFUSED\) at http:\/\/127\.0\.0\.1:\d+\. Fix: [^\n]+\n$/,
    );
  });
});

const COMMA_IN_CREDENTIALS = (url: string) =>
  `evalpacks: --ollama-host ${url} has a comma in its user or password: commas separate hosts, so write it as %2C`;

const NO_SCHEME = (host: string) =>
  `evalpacks: --ollama-host ${host} gives a user and password without a scheme: put http:// or https:// before them`;

describe('--ollama-host', () => {
  const failure = (ollamaHost: string[]) =>
    failureOf(() => evalCommand({ domain: 'code-review', ollamaHost, store: tempStore() }, quietIo));

  it.each([
    [['http://a:1,,http://b:1'], 'evalpacks: --ollama-host must not be empty (a stray comma?)'],
    [[':1234', '127.0.0.1:1234'], 'evalpacks: --ollama-host names http://127.0.0.1:1234 twice'],
    [['ftp://a:1'], 'evalpacks: --ollama-host ftp://a:1 must be http:// or https://'],
    [['http://a b:1'], 'evalpacks: --ollama-host "http://a b:1" is not a URL or host:port'],
    [['a:1#0'], 'evalpacks: --ollama-host a:1#0: the calls at once after # must be from 1 to 256'],
    [['http://a:1#x'], 'evalpacks: --ollama-host http://a:1#x: after # comes the number of calls at once, e.g. #4'],
    [['a:1#2,http://a:1#3'], 'evalpacks: --ollama-host names http://a:1 twice'],
    [['http://a:1', 'http://u:pa,ss@b:1'], COMMA_IN_CREDENTIALS('http://***@b:1')],
    // Credentials without a scheme never parse: refused whole, so no half of a password is quoted back.
    [['u:pa,ss@127.0.0.1:1'], NO_SCHEME('***@127.0.0.1:1')],
    [['a:1,u:secret@b:1'], NO_SCHEME('***@b:1')],
  ])('refuses %j in one line', async (hosts, line) => {
    expect(await failure(hosts)).toBe(line);
  });

  it('splits a value at every comma outside a user:password, in a host name or a path too', () => {
    // No host name holds a comma, nor does the path of an Ollama server; a password may, written as %2C.
    expect(ollamaHostsSchema.parse(['http://a,b:1', 'http://c:1/x,d:1', 'http://u:pa%2Css@e:1'])).toEqual([
      'http://a',
      'b:1',
      'http://c:1/x',
      'd:1',
      'http://u:pa%2Css@e:1',
    ]);
    // A comma in the user too; and a second URL after the comma is a host of its own, whatever it carries.
    expect(ollamaHostsSchema.safeParse(['http://a:1,http://us,er:pw@b:1']).error?.issues[0]?.message).toBe(
      COMMA_IN_CREDENTIALS('http://***@b:1').slice('evalpacks: '.length),
    );
    expect(ollamaHostsSchema.parse(['http://a:1,http://u:pw@b:1'])).toEqual(['http://a:1', 'http://u:pw@b:1']);
  });

  it('exits 2 naming a URL whose password holds a comma, its secret left out; written %2C, it is sent', async () => {
    const s = await startOllamaStandIn({ models: ['qwen3.5:4b'], basicAuth: 'evaluser:se,cret-77' });
    open.push(s);
    s.script({ match: { hasFormat: false }, reply: { content: REVIEW, promptTokens: 100, outputTokens: 50 } });
    const withPassword = (password: string) => s.url.replace('http://', `http://evaluser:${password}@`);
    const refused = await runCli(evalArgs(tempStore(), [`http://127.0.0.1:1,${withPassword('se,cret-77')}`]));
    expect(refused.stderr).toBe(`${COMMA_IN_CREDENTIALS(s.url.replace('http://', 'http://***@'))}\n`);
    expect(refused.code).toBe(2);
    expect(s.calls).toHaveLength(0);

    const sent = await runCli(evalArgs(tempStore(), [withPassword('se%2Ccret-77')]));
    expect([sent.code, sent.stderr]).toEqual([0, '']);
    const basic = `Basic ${Buffer.from('evaluser:se,cret-77').toString('base64')}`;
    expect(s.calls.map((call) => call.headers.authorization)).toEqual(s.calls.map(() => basic));
    expect(s.chatCalls()).toHaveLength(CASES.length);
  });
});
