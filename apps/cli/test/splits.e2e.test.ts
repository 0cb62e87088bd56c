import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPackCases, splitOf } from '@evalpacks/core';
import { EvalStore } from '@evalpacks/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareCommand } from '../src/commands/compare.ts';
import { evalCommand } from '../src/commands/eval.ts';
import { mergeCommand } from '../src/commands/merge.ts';
import { listDomains, loadDomain } from '../src/packs/discover.ts';
import { failureOf, quietIo } from './in-process.ts';
import { runCli, tempStore } from './run-cli.ts';

/** The case ids a run reported in its results.json, in order. */
const idsIn = (out: string) =>
  (JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { cases: { case: { id: string } }[] }).cases.map(
    (result) => result.case.id,
  );

/** The first shipped pack with cases in both splits, and its cases' ids per split, as the pack says. */
async function packWithBothSplits() {
  for (const domain of listDomains()) {
    const cases = await loadPackCases(await loadDomain(domain));
    const ids = (split: string) => cases.filter((testCase) => splitOf(testCase) === split).map((c) => c.id);
    if (ids('dev').length > 0 && ids('test').length > 0) {
      return { domain, all: cases.map((c) => c.id), dev: ids('dev'), test: ids('test') };
    }
  }
  throw new Error('no shipped pack has cases in both splits');
}

describe('--split dev|test|all', () => {
  const store = tempStore();
  const outs = { all: '', dev: '', test: '' };
  const stdout = { all: '', dev: '', test: '' };
  let pack: Awaited<ReturnType<typeof packWithBothSplits>>;

  beforeAll(async () => {
    pack = await packWithBothSplits();
    // Runs 1, 2 and 3 of the store: all, dev, test.
    for (const split of ['all', 'dev', 'test'] as const) {
      outs[split] = mkdtempSync(join(tmpdir(), `evalpacks-split-${split}-`));
      const flags = ['--reporter', 'console,json', '--out', outs[split], '--store', store];
      const result = await runCli(['eval', '--domain', pack.domain, '--offline', '--split', split, ...flags]);
      expect(result.stderr).toBe('');
      stdout[split] = result.stdout;
    }
  }, 120_000);

  it('runs disjoint sets of cases on dev and test whose union is all, each as the pack assigns them', () => {
    const [all, dev, test] = [idsIn(outs.all), idsIn(outs.dev), idsIn(outs.test)];
    expect(all).toEqual(pack.all);
    expect(dev).toEqual(pack.dev);
    expect(test).toEqual(pack.test);
    expect(dev.filter((id) => test.includes(id))).toEqual([]);
    expect([...dev, ...test].sort()).toEqual([...all].sort());
  });

  it('names the split in the header unless it is all, and stores it with the run', () => {
    expect(stdout.dev).toContain(`evalpacks · ${pack.domain} · variant baseline · ${pack.dev.length} case`);
    expect(stdout.dev.split('\n')[0]).toMatch(/ · split dev$/);
    expect(stdout.test.split('\n')[0]).toMatch(/ · split test$/);
    expect(stdout.all.split('\n')[0]).not.toContain('split');
    const saved = EvalStore.open(store);
    expect([1, 2, 3].map((id) => (saved.run(id)?.config as { split?: string } | undefined)?.split)).toEqual([
      'all',
      'dev',
      'test',
    ]);
    saved.close();
  });

  it('compare --runs refuses runs of different splits in one line', async () => {
    expect(await failureOf(() => compareCommand({ runs: ['2', '3'], store }, quietIo))).toBe(
      'evalpacks: cannot compare runs 2 and 3: run 2 ran --split dev, run 3 --split test; compare runs of one split',
    );
    expect(await failureOf(() => compareCommand({ runs: ['1', '2'], store }, quietIo))).toBe(
      'evalpacks: cannot compare runs 1 and 2: run 1 ran --split all, run 2 --split dev; compare runs of one split',
    );
    expect(await failureOf(() => compareCommand({ runs: ['2', '2'], split: 'test', store }, quietIo))).toBe(
      'evalpacks: cannot compare runs 2 and 2: run 2 ran --split dev, not --split test',
    );
  });

  it('compare --runs exits 2 on runs of different splits', async () => {
    const result = await runCli(['compare', '--runs', '2', '3', '--store', store]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'evalpacks: cannot compare runs 2 and 3: run 2 ran --split dev, run 3 --split test; compare runs of one split\n',
    );
  });

  it('--resume refuses a different split', async () => {
    const saved = EvalStore.open(store);
    saved.setRunStatus(2, 'interrupted');
    saved.close();
    const failure = await failureOf(() => evalCommand({ resume: '2', split: 'test', store }, quietIo));
    expect(failure).toMatch(
      /^evalpacks: cannot resume run 2, its configuration differs: --split: dev in the run, test now; /,
    );
  });

  it('refuses a split with no case in it, and an unknown split, before any model call', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'evalpacks-split-')), 'mine.yaml');
    writeFileSync(file, 'id: only-dev\nname: Only dev\nsplit: dev\ninput: x\n');
    expect(
      await failureOf(() => evalCommand({ domain: pack.domain, testCase: [file], split: 'test', store }, quietIo)),
    ).toBe(
      `evalpacks: --split test: pack "${pack.domain}" has no case in it (1 dev, 0 test); give a case "split: test" or run --split all`,
    );
    expect(await failureOf(() => evalCommand({ domain: pack.domain, split: 'train', store }, quietIo))).toBe(
      'evalpacks: --split must be one of: dev, test, all',
    );
  });

  it('merges the shards of a split, names it, and refuses them as another split', async () => {
    const shard = (i: number) => join(mkdtempSync(join(tmpdir(), 'evalpacks-split-shard-')), `shard-${i}.db`);
    const files = [shard(1), shard(2)];
    for (const [i, file] of files.entries()) {
      const args = ['eval', '--domain', pack.domain, '--offline', '--split', 'test', '--shard', `${i + 1}/2`];
      expect((await runCli([...args, '--reporter', 'json', '--store', file])).stderr).toBe('');
    }
    const out = join(mkdtempSync(join(tmpdir(), 'evalpacks-split-merged-')), 'merged.db');
    expect(await failureOf(() => mergeCommand({ out, files, split: 'dev' }, quietIo))).toBe(
      'evalpacks: the shards ran --split test, not --split dev',
    );
    const merged = await runCli(['merge', '--out', out, '--split', 'test', ...files]);
    expect(merged.stderr).toBe('');
    expect(merged.stdout.split('\n')[0]).toBe(
      `evalpacks · ${pack.domain} · variant baseline · 2 shards joined · ${pack.test.length} cases · split test`,
    );
  });
});
