import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { runCli, tempStore } from './run-cli.ts';

describe('eval --tag and compare --baseline-run latest:TAG', () => {
  it('compares against the newest completed run with the tag, of the same pack, split and judge', async () => {
    const store = tempStore();
    const evalRun = (...extra: string[]) =>
      runCli(['eval', '--domain', 'content-review', '--offline', '--store', store, ...extra]);
    for (const extra of [['--tag', 'main'], ['--tag', 'main'], ['--tag', 'main', '--split', 'dev'], []]) {
      expect((await evalRun(...extra)).code).not.toBe(2);
    }
    const saved = EvalStore.open(store);
    const tags = [1, 2, 3, 4].map((id) => (saved.run(id)?.config as { tag?: string } | undefined)?.tag);
    saved.close();
    expect(tags).toEqual(['main', 'main', 'main', undefined]);

    const out = join(store, '..', 'reports');
    const latest = await runCli([
      'compare',
      '--baseline-run',
      'latest:main',
      '--runs',
      '4',
      '--store',
      store,
      '--reporter',
      'console,markdown',
      '--out',
      out,
    ]);
    expect(latest.stderr).toBe('');
    expect(latest.code).toBe(0);
    // Run 3 is tagged main but ran the dev split only: run 2 is the newest that pairs with run 4.
    expect(latest.stdout).toContain('runs      baseline 2, variant 4 as stored; no model calls\n');
    const md = readFileSync(join(out, 'comparison.md'), 'utf8');
    expect(md.split('\n')[0]).toBe('<!-- evalpacks-compare pack=content-review base=main head=baseline -->');

    const asRuns = await runCli(['compare', '--runs', 'latest:main', '4', '--store', store]);
    expect(asRuns.code).toBe(0);
    expect(asRuns.stdout).toContain('runs      baseline 2, variant 4 as stored; no model calls\n');

    // Both sides by tag: the pull request's newest run, and main's newest that pairs with it.
    expect((await evalRun('--tag', 'pr')).code).not.toBe(2);
    const tagged = ['compare', '--baseline-run', 'latest:main', '--runs', 'latest:pr', '--store', store];
    const byTags = await runCli([...tagged, '--domain', 'content-review']);
    expect(byTags.stderr).toBe('');
    expect(byTags.stdout).toContain('runs      baseline 2, variant 5 as stored; no model calls\n');
    const noDomain = await runCli(tagged);
    expect(noDomain.code).toBe(2);
    expect(noDomain.stderr).toBe('evalpacks: give --domain NAME to compare latest:main with latest:pr\n');
  }, 240_000);

  it('says in one line when no run has the tag, or the tag or the refs are malformed: exit 2', async () => {
    const store = tempStore();
    expect(
      (await runCli(['eval', '--domain', 'content-review', '--offline', '--store', store, '--tag', 'main'])).code,
    ).not.toBe(2);
    const none = await runCli(['compare', '--baseline-run', 'latest:release', '--runs', '1', '--store', store]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /^evalpacks: no completed run of content-review tagged release with --split all and judge ollama \S+ in \S+; record one with pnpm eval --tag release\n$/,
    );
    const badTag = await runCli(['eval', '--domain', 'content-review', '--offline', '--store', store, '--tag', 'a b']);
    expect(badTag.code).toBe(2);
    expect(badTag.stderr).toBe(
      'evalpacks: --tag takes a name of letters, digits and . / @ + - _ (such as main or v1.2)\n',
    );
    const twoRuns = await runCli(['compare', '--baseline-run', 'latest:main', '--runs', '1', '1', '--store', store]);
    expect(twoRuns.code).toBe(2);
    expect(twoRuns.stderr).toBe(
      'evalpacks: --baseline-run needs the run to compare with it: --runs VARIANT-RUN (one run number)\n',
    );
    const badRef = await runCli(['compare', '--runs', 'newest', '1', '--store', store]);
    expect(badRef.code).toBe(2);
    expect(badRef.stderr).toBe('evalpacks: --runs takes run numbers or latest:TAG, not "newest" (see pnpm history)\n');
  }, 240_000);
});
