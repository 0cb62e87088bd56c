import { type CaseResult, CaseSchema } from '@evalpacks/core';
import { gradeRun } from '@evalpacks/core/grade';
import { EvalStore } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { runCli, tempStore } from './run-cli.ts';

const testCase = CaseSchema.parse({ id: 'c', name: 'C', input: 'x' });

/** Ten results of code-review, the first `passed` passing their one check and the rest failing it. */
function results(passed: number): CaseResult[] {
  return Array.from({ length: 10 }, (_, i) => ({
    case: { ...testCase, id: `c${i}` },
    epoch: 0,
    status: i < passed ? 'passed' : 'failed',
    transcript: {
      input: 'x',
      answer: 'y',
      toolCalls: [],
      turns: 1,
      usage: { input: 0, output: 0 },
      latencyMs: 0,
      model: 'm',
    },
    checks: [{ id: 'table', name: 'Table', part: 'expectation', passed: i < passed, detail: '' }],
    verdicts: [],
    reasons: i < passed ? [] : ['expectation: check "Table" failed'],
    judgeUsage: { input: 0, output: 0 },
  }));
}

/**
 * A store holding completed runs of code-review with the given pass counts out of 10, an hour apart, each
 * kept with its grade as the CLI keeps it; `ungraded` runs (by their number) as an older evalpacks left them.
 */
function storeWith(series: { variant: string; passed: number[] }[], ungraded: number[] = []): string {
  const path = tempStore();
  const store = EvalStore.open(path);
  let hour = 0;
  for (const { variant, passed } of series) {
    for (const count of passed) {
      const startedAt = new Date(Date.UTC(2025, 0, 1, hour++)).toISOString();
      const run = store.beginRun({
        kind: 'eval',
        pack: 'code-review',
        variant,
        promptHash: variant,
        agent: { backend: 'ollama', model: 'qwen3.5:4b' },
        judge: { backend: 'ollama', model: 'judge:1b' },
        epochs: 1,
        offline: false,
        config: {},
        startedAt,
      });
      for (const result of results(count)) store.saveCaseResult(run.id, result);
      if (ungraded.includes(run.id)) store.setRunStatus(run.id, 'completed', startedAt);
      else store.completeRun(run.id, startedAt, gradeRun({ cases: results(count) }));
    }
  }
  store.close();
  return path;
}

describe('pnpm history --domain X', () => {
  it('prints pass rates with Wilson intervals per series and flags a sustained regression with exit 1', async () => {
    const store = storeWith([
      { variant: 'baseline', passed: [10, 9, 10, 2, 1, 2] },
      { variant: 'v2', passed: [10, 10, 10, 10, 2, 10] },
    ]);
    const result = await runCli(['history', '--domain', 'code-review', '--store', store]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        `evalpacks history · code-review · 12 runs · ${store}`,
        '',
        'baseline · agent ollama qwen3.5:4b · judge ollama judge:1b',
        '    run  started (UTC)     passed  rate    interval',
        '      1  2025-01-01 00:00  10/10   100.0%  95% CI 72.2–100.0%',
        '      2  2025-01-01 01:00  9/10    90.0%   95% CI 59.6–98.2%',
        '      3  2025-01-01 02:00  10/10   100.0%  95% CI 72.2–100.0%',
        '      4  2025-01-01 03:00  2/10    20.0%   95% CI 5.7–51.0%',
        '      5  2025-01-01 04:00  1/10    10.0%   95% CI 1.8–40.4%',
        '      6  2025-01-01 05:00  2/10    20.0%   95% CI 5.7–51.0%',
        '  REGRESSION  runs 4, 5, 6 are all below the median of the runs before them (100.0%) beyond their 95% intervals',
        '',
        'v2 · agent ollama qwen3.5:4b · judge ollama judge:1b',
        '    run  started (UTC)     passed  rate    interval',
        '      7  2025-01-01 06:00  10/10   100.0%  95% CI 72.2–100.0%',
        '      8  2025-01-01 07:00  10/10   100.0%  95% CI 72.2–100.0%',
        '      9  2025-01-01 08:00  10/10   100.0%  95% CI 72.2–100.0%',
        '     10  2025-01-01 09:00  10/10   100.0%  95% CI 72.2–100.0%',
        '     11  2025-01-01 10:00  2/10    20.0%   95% CI 5.7–51.0%',
        '     12  2025-01-01 11:00  10/10   100.0%  95% CI 72.2–100.0%',
        '  trend  no sustained regression',
        '',
      ].join('\n'),
    );
  });

  it('says so when there are too few runs to call a trend, and exits 0', async () => {
    const store = storeWith([{ variant: 'baseline', passed: [10, 3] }]);
    const result = await runCli(['history', '--domain', 'code-review', '--store', store]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '  trend  2 runs; a sustained regression needs 6 to tell (3 recent below 3 earlier)\n',
    );
  });

  it("reads each run's stored grade, and grades a run an older evalpacks left without one now, saying under what", async () => {
    const store = storeWith([{ variant: 'baseline', passed: [10, 7] }], [2]);
    const result = await runCli(['history', '--domain', 'code-review', '--store', store]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      [
        '      1  2025-01-01 00:00  10/10   100.0%  95% CI 72.2–100.0%',
        '      2  2025-01-01 01:00  7/10    70.0%   95% CI 39.7–89.2%  graded now, under majority',
      ].join('\n'),
    );
  });

  it('needs a domain and an existing store', async () => {
    const missing = await runCli(['history', '--store', tempStore()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('evalpacks: missing --domain NAME\n');
    const store = tempStore();
    const none = await runCli(['history', '--domain', 'code-review', '--store', store]);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(`evalpacks: no run history at ${store} yet; run pnpm eval first\n`);
  });

  it('names the packs the store has runs of when --domain is missing', async () => {
    const store = storeWith([{ variant: 'baseline', passed: [10] }]);
    const missing = await runCli(['history', '--store', store]);
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([
      2,
      '',
      'evalpacks: missing --domain NAME: the store has runs of code-review (pnpm history --domain code-review)\n',
    ]);
  });
});
