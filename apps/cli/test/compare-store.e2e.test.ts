import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { scriptV2Comparison } from './compare-script.ts';
import { judgedCompareArgs, useOllamaStandIn } from './ollama-stand-in.ts';
import { ROOT, runCli, tempStore } from './run-cli.ts';

/** A third prompt: the baseline's text with one more step, which only its system prompt holds. */
const V3_ONLY = 'Name the DynamoDB table each finding touches';

function writeV3(dir: string): string {
  const baseline = readFileSync(join(ROOT, 'apps/cli/test/packs/code-review/prompts/baseline.md'), 'utf8');
  const file = join(dir, 'v3.md');
  writeFileSync(file, baseline.replace('# Expectation', `8. ${V3_ONLY}.\n\n# Expectation`));
  return file;
}

/** From the first case block to the end: everything after the header, which names the stand-in's port. */
const fromFirstCase = (stdout: string) => stdout.slice(stdout.indexOf('━━')).trimEnd();

const standIn = useOllamaStandIn();

describe('pnpm compare saves each side as an eval run and goes through the call cache', () => {
  it('makes zero baseline calls when compared again against the same baseline', async () => {
    const store = tempStore();
    const compare = (variant: string) =>
      runCli(judgedCompareArgs('code-review', standIn.url, '--variant', variant, '--store', store));
    scriptV2Comparison(standIn);
    const first = await compare('v2');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('runs      baseline 1, variant 2 in ');
    expect(first.stdout).toContain(
      'calls     baseline 15 made, 0 from the cache · variant 15 made, 0 from the cache\n',
    );
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(6);

    standIn.reset();
    scriptV2Comparison(standIn);
    const v3 = writeV3(join(store, '..'));
    const second = await compare(v3);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('runs      baseline 3, variant 4 in ');
    // Not one baseline call reached the server: its three answers and twelve verdicts came from the cache.
    expect(second.stdout).toContain(
      'calls     baseline 0 made, 15 from the cache · variant 3 made, 12 from the cache\n',
    );
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(3);
    expect(standIn.chatCalls({ hasFormat: false, system: V3_ONLY })).toHaveLength(3);
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(0);
    expect(fromFirstCase(second.stdout)).toContain('  verdict           no detectable difference\n');

    // Each side is an eval run history and the viewer can see, with the prompt it ran.
    const saved = EvalStore.open(store);
    const runs = [1, 2, 3, 4].map((id) => saved.run(id));
    saved.close();
    expect(runs.map((run) => [run?.kind, run?.status, run?.pack, run?.variant])).toEqual([
      ['eval', 'completed', 'code-review', 'baseline'],
      ['eval', 'completed', 'code-review', 'v2'],
      ['eval', 'completed', 'code-review', 'baseline'],
      ['eval', 'completed', 'code-review', 'v3'],
    ]);
    expect(runs[2]?.promptHash).toBe(runs[0]?.promptHash);
    expect(runs[3]?.promptHash).not.toBe(runs[0]?.promptHash);
  });

  it('compares two stored runs with no model call, to the verdict of the live compare that made them', async () => {
    const store = tempStore();
    scriptV2Comparison(standIn);
    const live = await runCli(judgedCompareArgs('code-review', standIn.url, '--variant', 'v2', '--store', store));
    expect(live.code).toBe(0);
    standIn.reset();

    // No --ollama-host: nothing is contacted, and the stand-in sees no call either.
    const stored = await runCli(['compare', '--runs', '1', '2', '--store', store]);
    expect(stored.stderr).toBe('');
    expect(stored.code).toBe(0);
    expect(stored.stdout).toContain(
      [
        'evalpacks compare · code-review · 3 cases · 1 epoch · policy majority',
        'baseline  baseline · ollama qwen3.5:4b · run 1',
        'variant   v2 · ollama qwen3.5:4b · run 2',
        'judge     ollama judge:1b (both sides)',
        'runs      baseline 1, variant 2 as stored; no model calls',
      ].join('\n'),
    );
    expect(fromFirstCase(stored.stdout)).toBe(fromFirstCase(live.stdout));
    expect(standIn.calls).toHaveLength(0);
  });

  it('refuses stored runs over different cases or packs, naming the difference', async () => {
    const store = tempStore();
    scriptV2Comparison(standIn);
    const subtle = join(ROOT, 'apps/cli/test/packs/code-review/cases/subtle-issues.yaml');
    const one = ['--ollama-host', standIn.url, '--judge-model', 'judge:1b', '--store', store];
    expect((await runCli(['eval', '--domain', 'code-review', ...one])).code).toBe(1);
    expect((await runCli(['eval', '--domain', 'code-review', '--test-case', subtle, ...one])).code).toBe(1);
    expect((await runCli(['eval', '--domain', 'content-review', '--offline', '--store', store])).code).not.toBe(2);

    const cases = await runCli(['compare', '--runs', '1', '2', '--store', store]);
    expect(cases.code).toBe(2);
    expect(cases.stderr).toBe(
      'evalpacks: cannot compare runs 1 and 2: runs 1 and 2 are over different cases: ' +
        'basic-vulnerabilities, false-positive-bait only in run 1\n',
    );
    const packs = await runCli(['compare', '--runs', '1', '3', '--store', store]);
    expect(packs.code).toBe(2);
    expect(packs.stderr).toBe(
      'evalpacks: cannot compare runs 1 and 3: run 1 is of code-review, run 3 of content-review\n',
    );
  });
});
