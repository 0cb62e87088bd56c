import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { EvalStore, SCHEMA_VERSION } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cases, codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('run history and the call cache', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b', 'judge2:1b'] });
  });
  beforeEach(() => standIn.reset());
  afterAll(() => standIn.close());

  const evalArgs = (store: string, ...extra: string[]) => codeReviewArgs(standIn.url, '--store', store, ...extra);

  it('answers an unchanged re-run from the cache without contacting the server; --no-cache calls again', async () => {
    const store = tempStore();
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const first = await runCli(evalArgs(store));
    expect(first.code).toBe(1);
    expect(standIn.chatCalls()).toHaveLength(15);
    expect(summaryOf(first.stdout)).toContain('  model calls     15 made, 0 from the cache\n');

    standIn.reset(); // no script: any model call now would fail the run
    const second = await runCli(evalArgs(store));
    expect(second.stderr).toBe('');
    expect(second.code).toBe(1);
    expect(standIn.calls).toHaveLength(0);
    expect(summaryOf(second.stdout)).toBe(
      // The same results; nothing spent this time.
      summaryOf(first.stdout)
        .replace('agent 3000 in / 1200 out, judge 1200 in / 240 out', 'agent 0 in / 0 out, judge 0 in / 0 out')
        .replace('15 made, 0 from the cache', '0 made, 15 from the cache'),
    );
    expect(second.stdout).toContain(`run    2 · ${store}\n`);

    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const fresh = await runCli(evalArgs(store, '--no-cache'));
    expect(fresh.code).toBe(1);
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(3);
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(12);
    expect(summaryOf(fresh.stdout)).toContain('  model calls     15 made, 0 from the cache\n');
  });

  it('gives every epoch of --repeat its own agent call, and caches each', async () => {
    const store = tempStore();
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const result = await runCli(evalArgs(store, '--repeat', '3'));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^evalpacks · code-review · variant baseline · 3 cases · 3 epochs · policy majority\n/,
    );
    for (const testCase of cases) {
      expect(standIn.chatCalls({ hasFormat: false, contains: testCase.input })).toHaveLength(3);
    }
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(36);
    // A repeated run ends with the per-case summary over epochs, which has its own Summary heading.
    expect(result.stdout).toContain('  cases           2/3 passed (95% CI 20.8–93.9%)\n');
    expect(result.stdout.match(/^━━ \S+ .* \[epoch \d\/3\]/gm)).toHaveLength(9);
    expect(result.stdout).toContain('  model calls     45 made, 0 from the cache\n');

    standIn.reset();
    const again = await runCli(evalArgs(store, '--repeat', '3'));
    expect(standIn.calls).toHaveLength(0);
    expect(again.stdout).toContain('  model calls     0 made, 45 from the cache\n');
  });

  it('re-judges a stored run with another judge as a new linked run, never calling the agent', async () => {
    const store = tempStore();
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const original = await runCli(evalArgs(store));
    expect(original.code).toBe(1);
    expect(original.stdout).toContain(`MISSED ${missedFinding} (high)`);

    standIn.reset();
    standIn.script({
      match: { hasFormat: true, model: 'judge2:1b', contains: '<must_not_be_flagged>' },
      reply: { content: '{"reasoning":"Not flagged.","flagged":false}' },
    });
    standIn.script({
      match: { hasFormat: true, model: 'judge2:1b' },
      reply: { content: '{"reasoning":"The second judge sees it explained.","caught":true}' },
    });
    const rejudged = await runCli([
      'eval',
      '--rejudge',
      '1',
      '--judge-model',
      'judge2:1b',
      '--ollama-host',
      standIn.url,
      '--store',
      store,
    ]);
    expect(rejudged.stderr).toBe('');
    expect(rejudged.code).toBe(0);
    expect(rejudged.stdout).toContain(`run    2 · re-judging run 1 · ${store}\n`);
    expect(rejudged.stdout).toContain(`CAUGHT ${missedFinding} (high)\n      The second judge sees it explained.`);
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(0);
    expect(standIn.chatCalls({ hasFormat: true, model: 'judge2:1b' })).toHaveLength(12);
    expect(summaryOf(rejudged.stdout)).toContain('  cases           3/3 passed (100.0%, 95% CI 43.9–100.0%)\n');

    const history = EvalStore.open(store);
    expect(history.run(2)).toMatchObject({ kind: 'rejudge', parentRunId: 1, judge: { model: 'judge2:1b' } });
    // The stored answers, with none of the agent's tokens: a re-judge spends none.
    expect(summaryOf(rejudged.stdout)).toMatch(/^ {2}tokens {10}agent 0 in \/ 0 out, judge /m);
    // Results are stored as they finish, so the two runs may list them in different orders.
    const byCase = (runId: number) => history.caseResults(runId).sort((a, b) => a.case.id.localeCompare(b.case.id));
    const before = byCase(1).map((r) => ({ ...r.transcript, usage: { input: 0, output: 0 } }));
    expect(byCase(2).map((r) => r.transcript)).toEqual(before);
    expect(history.caseResults(1)[0]?.transcript.usage).toEqual({ input: 1000, output: 400 });
    history.close();
  });
});

describe('a store that cannot be used', () => {
  it('stops with one line and exit 2 on a corrupt file, and leaves it as it was', async () => {
    const store = tempStore();
    writeFileSync(store, 'not a database, but my precious notes\n');
    const before = sha256(store);
    const result = await runCli(['eval', '--domain', 'code-review', '--offline', '--store', store]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `evalpacks: the store ${store} is not an SQLite database (corrupt or some other file); left untouched. ` +
        `Fix: Move ${store} aside to start a new history, or pass --store PATH to use another file\n`,
    );
    expect(sha256(store)).toBe(before);
  });

  it('stops with exit 2 on a store from a newer evalpacks, and leaves it as it was', async () => {
    const store = tempStore();
    EvalStore.open(store).close();
    const db = new Database(store);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const before = sha256(store);
    const result = await runCli(['eval', '--domain', 'code-review', '--offline', '--store', store]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`has schema version ${SCHEMA_VERSION + 1}, newer than this evalpacks knows`);
    expect(sha256(store)).toBe(before);
  });
});
