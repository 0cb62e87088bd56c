import type { CaseResult } from '@evalpacks/core';
import { gradeRun } from '@evalpacks/core/grade';
import { EvalStore } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { caseResult, runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { compare } from '../src/index.ts';

/** One epoch of a case whose one check passes or not; nothing judged. */
function epoch(id: string, n: number, passed: boolean): CaseResult {
  const result = caseResult(id, n, passed ? 'passed' : 'failed');
  const check = { id: 'refund', name: 'Refund', part: 'expectation' as const, passed, detail: passed ? 'ok' : 'no' };
  const reasons = passed ? [] : ['expectation: check "Refund" failed'];
  return {
    ...result,
    case: { ...result.case, expectedFindings: [], expectedAbsent: [] },
    checks: [check],
    verdicts: [],
    reasons,
  };
}

/** Twelve cases over four epochs, each passing the first `passes(case)` epochs. */
const resultsOf = (passes: (c: number) => number) =>
  Array.from({ length: 12 }, (_, c) =>
    Array.from({ length: 4 }, (_, n) => epoch(`case-${c}`, n, n < passes(c))),
  ).flat();

/**
 * Two stored runs of a pack whose headline is pass^k (kept with their grades) or not: the baseline passes
 * every case 3 of 4 times, the variant half its cases 4 of 4 and half 2 of 4 (the same per epoch).
 */
function storeOf(headline: 'pass^k' | undefined): string {
  const path = tempStorePath();
  const store = EvalStore.open(path);
  const cases = Object.fromEntries(Array.from({ length: 12 }, (_, c) => [`case-${c}`, 'v1']));
  for (const [index, results] of [resultsOf(() => 3), resultsOf((c) => (c % 2 === 0 ? 4 : 2))].entries()) {
    const run = store.beginRun(
      runMeta({
        pack: 'support-tickets',
        epochs: 4,
        config: { cases },
        startedAt: `2026-12-0${index + 1}T10:00:00.000Z`,
      }),
    );
    for (const result of results) store.saveCaseResult(run.id, result);
    store.completeRun(
      run.id,
      `2026-12-0${index + 1}T10:05:00.000Z`,
      gradeRun({ cases: results }, { ...(headline && { headline }) }),
    );
  }
  store.close();
  return path;
}

describe('compare --runs of a pack whose headline is pass^k', () => {
  it('decides on pass^k as the stored grades say, and per item when they do not', async () => {
    const lines: string[] = [];
    const io = { write: (text: string) => lines.push(text) };
    const byPassK = await compare({ runs: [1, 2], store: storeOf('pass^k'), io } as Parameters<typeof compare>[0]);
    expect(byPassK.verdict).toBe('better');
    expect(byPassK.comparison.passK).toMatchObject({ k: 4, baseline: 0, variant: 0.5, cases: 12 });
    expect(lines.join('')).toContain("\n  verdict           better on pass^4, the pack's headline\n");
    const byItems = await compare({ runs: [1, 2], store: storeOf(undefined) });
    expect(byItems.verdict).toBe('no detectable difference');
    expect(byItems.comparison.passK).toBeUndefined();
  });
});
