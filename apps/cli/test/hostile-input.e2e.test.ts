import { closeSync, existsSync, mkdtempSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeReviewArgs, scriptAgent, scriptJudge } from './code-review-script.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';

describe('case files too large to load', () => {
  it('ends a 100 MB .json case file with one line and exit 2, before parsing it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'evalpacks-big-')), 'cases.json');
    const record = JSON.stringify({ id: 'c', name: 'C', input: 'x'.repeat(100_000) });
    const fd = openSync(file, 'w');
    writeSync(fd, '[');
    for (let i = 0; i < 1000; i++) writeSync(fd, `${i ? ',' : ''}${record.replace('"c"', `"c-${i}"`)}`);
    writeSync(fd, ']');
    closeSync(fd);
    const result = await runCli(['eval', '--domain', 'code-review', '--test-case', file, '--structural-only']);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      2,
      '',
      `evalpacks: ${file}: 95.4 MB is more than a JSON case file may hold (32 MB); split it into several files\n`,
    ]);
  });
});

describe('damaged call-cache entries', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  });
  afterAll(() => standIn.close());

  it('fetches an unreadable and a wrong-shaped entry again, overwrites both and says so once', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, 'none');
    const store = tempStore();
    const first = await runCli(codeReviewArgs(standIn.url), { EVALPACKS_STORE: store });
    expect(summaryOf(first.stdout).split('\n')).toContain('  model calls     15 made, 0 from the cache');
    const db = new Database(store);
    const keys = db.prepare("SELECT key FROM call_cache WHERE role = 'judge' ORDER BY key LIMIT 2").pluck().all();
    db.prepare('UPDATE call_cache SET value_json = ? WHERE key = ?').run('{"message": {"cont', keys[0]);
    db.prepare('UPDATE call_cache SET value_json = ? WHERE key = ?').run('{"replayed": "forever"}', keys[1]);
    db.close();

    const second = await runCli(codeReviewArgs(standIn.url), { EVALPACKS_STORE: store });
    expect(second.stderr).toBe('');
    expect(second.code).toBe(first.code);
    const line =
      '  model calls     2 made, 13 from the cache; 2 unreadable or invalid cache entries were fetched again and replaced';
    expect(summaryOf(second.stdout).split('\n')).toContain(line);
    expect(second.stdout.split('unreadable or invalid')).toHaveLength(2);

    const third = await runCli(codeReviewArgs(standIn.url), { EVALPACKS_STORE: store });
    expect(summaryOf(third.stdout).split('\n')).toContain('  model calls     0 made, 15 from the cache');
  });
});

describe('user paths', () => {
  it('resolves --store, --out and $EVALPACKS_STORE from the folder the command was typed in, like --test-case', async () => {
    const here = mkdtempSync(join(tmpdir(), 'evalpacks-cwd-'));
    const cases = join(here, 'cases.json');
    writeFileSync(cases, JSON.stringify([{ id: 'one', name: 'One', input: 'const x = 1;' }]));
    const args = ['eval', '--domain', 'code-review', '--offline', '--structural-only', '--test-case', 'cases.json'];
    const result = await runCli([...args, '--store', 'runs.db', '--reporter', 'json', '--out', 'reports'], {
      INIT_CWD: here,
    });
    expect(result.stderr).toBe('');
    expect(existsSync(join(here, 'runs.db'))).toBe(true);
    expect(existsSync(join(here, 'reports', 'results.json'))).toBe(true);
    expect(result.stdout).toBe('report reports/results.json\n');
    const fromEnv = await runCli([...args, '--reporter', 'json', '--out', 'again'], {
      INIT_CWD: here,
      EVALPACKS_STORE: 'env.db',
    });
    expect(fromEnv.stderr).toBe('');
    expect(existsSync(join(here, 'env.db'))).toBe(true);
  });
});
