import type { CaseResult } from '@evalpacks/core';
import { gradeRun } from '@evalpacks/core/grade';
import { EvalStore, type RunMeta } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { caseResult, runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { createApp } from '../src/index.ts';

/** One epoch of a case whose one check passes or not; nothing judged. */
function epoch(id: string, number: number, passed: boolean): CaseResult {
  const result = caseResult(id, number, passed ? 'passed' : 'failed');
  const check = {
    id: 'table',
    name: 'Table',
    part: 'expectation' as const,
    passed,
    detail: passed ? 'a table' : 'none',
  };
  return { ...result, checks: [check], verdicts: [], reasons: passed ? [] : ['expectation: check "Table" failed'] };
}

/** Case "flaky" passes 2 of 3 epochs, case "steady" all 3: a pass under majority, a failure under all. */
const RESULTS = [0, 1, 2].flatMap((n) => [epoch('flaky', n, n !== 1), epoch('steady', n, true)]);

type Finish = { grade?: Parameters<typeof gradeRun>[1] };

/** A store of completed runs of these results, each kept with the grade given (none: as an older evalpacks left it). */
function storeOf(...runs: (Finish & { meta?: Partial<RunMeta> })[]): string {
  const path = tempStorePath();
  const store = EvalStore.open(path);
  for (const [index, { grade, meta }] of runs.entries()) {
    const run = store.beginRun(runMeta({ epochs: 3, startedAt: `2025-01-0${index + 1}T10:00:00.000Z`, ...meta }));
    for (const result of RESULTS) store.saveCaseResult(run.id, result);
    const finishedAt = `2025-01-0${index + 1}T10:05:00.000Z`;
    if (grade) store.completeRun(run.id, finishedAt, gradeRun({ cases: RESULTS }, grade));
    else store.setRunStatus(run.id, 'completed', finishedAt);
  }
  store.close();
  return path;
}

const viewer = (path: string) =>
  createApp(EvalStore.openReadOnly(path), { listening: () => ({ address: '127.0.0.1', port: 4173 }) });
const ask = async (app: ReturnType<typeof createApp>, path: string) => {
  const response = await app.request(`http://127.0.0.1:4173${path}`, { headers: { host: '127.0.0.1:4173' } });
  return { status: response.status, text: await response.text() };
};
const summaryOf = async (app: ReturnType<typeof createApp>, id: number) =>
  JSON.parse((await ask(app, `/runs/${id}/summary.json`)).text) as { text: string; note?: string; total: number };

describe("the viewer shows a run's stored grade, never one of its own", () => {
  it('renders the summary of the grade the run finished with: its policy (none given on its command line) and gates', async () => {
    // No --policy is stored with the run: only its grade knows the pack's policy (all) and its gates.
    const app = viewer(storeOf({ grade: { policy: 'all', minPassRate: 0.5, maxFlaky: 0 } }));
    const summary = await summaryOf(app, 1);
    expect(summary.note).toBeUndefined();
    expect(summary.text.split('\n')).toEqual([
      'Summary · 3 epochs per case · policy all',
      '  counts are items under the policy; rates are per epoch with 95% Wilson intervals clustered by case',
      '  cases           1/2 passed (95% CI 9.5–90.5%)',
      '  pass@1          83.3% (95% CI 66.7–100.0%) mean of 2 cases',
      '  pass^3          50.0% (95% CI 0.0–100.0%) mean of 2 cases · all 3 tries pass',
      '  structural      1/2 checks passed · epochs 5/6 = 83.3% (95% CI 43.6–97.0%)',
      '  flaky           1 (listed below)',
      '  judge errors    0',
      '  tokens          agent 600 in / 240 out, judge 120 in / 60 out',
      '  pass rate       50.0% (minimum 50.0%)',
      '  flaky limit     1 flaky item (at most 0, exceeded)',
      '',
      'Flaky (passed in some epochs, failed in others)',
      '  flaky  check "Table": passed 2/3 → fails under all',
    ]);
    const page = await ask(app, '/runs/1');
    expect(page.text).toContain('<pre class="summary">Summary · 3 epochs per case · policy all\n');
    expect(page.text).not.toContain('graded now');
  });

  it('grades a run an older evalpacks left without a grade now, and says under what, on the page and in summary.json', async () => {
    const app = viewer(storeOf({}));
    const summary = await summaryOf(app, 1);
    expect(summary.note).toBe(
      'graded now, under majority: an older evalpacks recorded run 1 and stored no grade with it',
    );
    expect(summary.text).toContain('  cases           2/2 passed (95% CI 34.2–100.0%)');
    const page = await ask(app, '/runs/1');
    expect(page.text).toContain(
      '<p class="graded-now">graded now, under majority: an older evalpacks recorded run 1 and stored no grade with it</p>',
    );
  });

  it('compares two runs by their stored tallies, and refuses two graded under different policies', async () => {
    const app = viewer(storeOf({ grade: { policy: 'all' } }, { grade: { policy: 'all' } }, { grade: {} }));
    const same = await ask(app, '/compare?a=1&b=2');
    expect(same.status).toBe(200);
    expect(same.text).toContain('data-verdict="no detectable difference"');
    expect(same.text).not.toContain('graded now');
    // Case "flaky" passed 2 of 3 epochs on both sides: listed per side, linked to that run's case page.
    const flaky = [...same.text.matchAll(/<tr data-side="(\w+)" data-case="([^"]+)" data-item="([^"]+)">(.*?)<\/tr>/g)];
    expect(flaky.map((m) => m.slice(1, 4))).toEqual([
      ['baseline', 'flaky', 'check:table'],
      ['variant', 'flaky', 'check:table'],
    ]);
    expect(flaky[1]?.[4]).toBe(
      '<td>variant #2</td><td><a href="/runs/2/cases/flaky">flaky</a></td><td>Table</td><td>2/3</td>',
    );
    const mixed = await ask(app, '/compare?a=1&b=3');
    expect(mixed.status).toBe(400);
    expect(mixed.text).toContain(
      'run #1 was graded under all and run #3 under majority: a stored grade is never made again under other rules',
    );
  });

  it('keeps the comparison of two completed runs with stored grades, and makes a graded-now one each time', async () => {
    const store = EvalStore.openReadOnly(storeOf({ grade: {} }, { grade: {} }, {}));
    const read = store.gradeTallies.bind(store);
    const reads: number[] = [];
    store.gradeTallies = (id) => {
      reads.push(id);
      return read(id);
    };
    const app = createApp(store, { listening: () => ({ address: '127.0.0.1', port: 4173 }) });
    const first = await ask(app, '/compare?a=1&b=2');
    expect(first.text).toContain('data-verdict="no detectable difference"');
    expect((await ask(app, '/compare?a=1&b=2')).text).toBe(first.text);
    expect(reads).toEqual([1, 2]);
    // Run 3 has no stored grade: graded now, so compared anew each time.
    expect((await ask(app, '/compare?a=1&b=3')).text).toContain('graded now, under majority');
    expect((await ask(app, '/compare?a=1&b=3')).text).toContain('graded now, under majority');
    expect(reads).toEqual([1, 2, 1, 3, 1, 3]);
  });

  it("charts each run's cases passed as its grade counts them, marking a run graded now", async () => {
    const app = viewer(storeOf({ grade: { policy: 'all' } }, {}));
    const history = (await ask(app, '/history?pack=code-review')).text;
    expect(history).toMatch(/<tr data-run="1">.*?<td>1\/2<\/td><td>50\.0%<\/td>.*?<\/tr>/s);
    expect(history).toMatch(
      /<tr data-run="2">.*?<td>2\/2<\/td><td>100\.0%<\/td>.*?<span class="dim graded-now">graded now, under majority<\/span><\/td><\/tr>/s,
    );
  });
});
