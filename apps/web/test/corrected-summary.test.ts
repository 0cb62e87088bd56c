import type { CaseResult } from '@evalpacks/core';
import { LabelSchema } from '@evalpacks/core';
import { inputHash, judgeCalibration } from '@evalpacks/core/calibration';
import { gradeRun } from '@evalpacks/core/grade';
import { EvalStore } from '@evalpacks/store';
import { describe, expect, it } from 'vitest';
import { caseResult, runMeta, tempStorePath } from '../../../packages/store/test/support.ts';
import { createApp } from '../src/index.ts';

const JUDGE = { model: 'judge:1b', promptVersion: 'risen-judge-v3' };

/** 20 cases of one finding: the judge caught it in the first 15. */
const RESULTS: CaseResult[] = Array.from({ length: 20 }, (_, i) => {
  const result = caseResult(`c${i}`, 0, i < 15 ? 'passed' : 'failed');
  const [finding] = result.verdicts;
  if (finding?.status !== 'ok') throw new Error('the support result changed');
  return { ...result, verdicts: [{ ...finding, passed: i < 15 }], reasons: [] };
});

/** 20 labels of this judge: TPR 9/10, TNR 8/10. */
const LABELS = Array.from({ length: 20 }, (_, i) => {
  const truth = i < 10;
  const judgePassed = truth ? i !== 0 : i < 12;
  return LabelSchema.parse({
    caseId: 'c0',
    kind: 'finding',
    itemId: 'leak',
    label: judgePassed === truth ? 'agree' : 'disagree',
    ...(judgePassed !== truth && { wrong: 'judge' }),
    verdict: { passed: judgePassed, reasoning: 'earlier', ...JUDGE },
    inputSha256: inputHash('const x = 1;'),
    answer: `earlier ${i}`,
  });
});

/** A store of one run of RESULTS, graded with LABELS: the grade the viewer reads. */
function storeOfCorrected(runs = 1): string {
  const path = tempStorePath();
  const store = EvalStore.open(path);
  for (let n = 0; n < runs; n++) {
    const run = store.beginRun(runMeta());
    for (const result of RESULTS) store.saveCaseResult(run.id, result);
    const calibration = judgeCalibration(
      LABELS,
      JUDGE,
      RESULTS.map((r) => r.case),
    );
    store.completeRun(run.id, '2025-01-01T10:05:00.000Z', gradeRun({ cases: RESULTS }, { calibration }));
  }
  store.close();
  return path;
}

const page = async (path: string, url: string) => {
  const app = createApp(EvalStore.openReadOnly(path), { listening: () => ({ address: '127.0.0.1', port: 4173 }) });
  const response = await app.request(`http://127.0.0.1:4173${url}`, { headers: { host: '127.0.0.1:4173' } });
  return response.text();
};

/** The forest plot's drawn rates, as [figure, side, kind] of each `g.rate`. */
const drawnRates = (text: string) =>
  [...text.matchAll(/<g class="rate [^"]*" data-figure="([^"]*)" data-side="(\d)" data-kind="(\w+)">/g)].map((m) =>
    m.slice(1),
  );

/** The figures table's rows, as [figure, heading, cells...]. */
const tableRows = (text: string) =>
  [...text.matchAll(/<tr data-figure="([^"]*)"[^>]*><th>([^<]*)<\/th>((?:<td>[^<]*<\/td>)+)<\/tr>/g)].map((m) => [
    m[1],
    m[2],
    ...[...(m[3] ?? '').matchAll(/<td>([^<]*)<\/td>/g)].map((c) => c[1]),
  ]);

describe("the viewer's run summary shows the judge-corrected rate of the stored grade", () => {
  it('prints the corrected line with its labels from the grade the run finished with', async () => {
    const path = storeOfCorrected();
    const app = createApp(EvalStore.openReadOnly(path), { listening: () => ({ address: '127.0.0.1', port: 4173 }) });
    const response = await app.request('http://127.0.0.1:4173/runs/1/summary.json', {
      headers: { host: '127.0.0.1:4173' },
    });
    const summary = JSON.parse(await response.text()) as { text: string };
    // (15/20 + 0.8 − 1) / (0.9 + 0.8 − 1) = 0.55 / 0.7 = 78.6%.
    expect(summary.text).toContain('  judge-corrected findings caught 78.6% (95% CI ');
    expect(summary.text).toContain(
      '), raw 75.0% · 20 labels (10 passing, 10 failing) · TPR 90.0% TNR 80.0%\n' +
        '                  labels of judge:1b · risen-judge-v3: 20 used',
    );
  });

  it("draws the corrected rate on the run page's forest plot beside the raw one, and on the compare page for both sides", async () => {
    const path = storeOfCorrected(2);
    const run = await page(path, '/runs/1');
    expect(drawnRates(run)).toEqual([
      ['cases passed', '0', 'raw'],
      ['structural', '0', 'raw'],
      ['findings', '0', 'raw'],
      ['findings', '0', 'corrected'],
    ]);
    const corrected = '78.6% (95% CI 42.3–100.0%) · 20 labels (10 passing, 10 failing)';
    expect(tableRows(run)).toEqual([
      ['cases passed', 'cases passed', '15/20 = 75.0% (95% CI 53.1–88.8%)'],
      ['structural', 'structural', '20/20 = 100.0% (95% CI 83.9–100.0%)'],
      ['findings', 'findings', '15/20 = 75.0% (95% CI 53.1–88.8%)'],
      ['findings', 'findings, judge-corrected', corrected],
    ]);
    const compared = await page(path, '/compare?a=1&b=2');
    expect(drawnRates(compared)).toEqual([
      ['structural', '0', 'raw'],
      ['structural', '1', 'raw'],
      ['recall', '0', 'raw'],
      ['recall', '1', 'raw'],
      ['recall', '0', 'corrected'],
      ['recall', '1', 'corrected'],
      ['all items', '0', 'raw'],
      ['all items', '1', 'raw'],
    ]);
    expect(tableRows(compared)[2]).toEqual(['recall', 'recall, judge-corrected', corrected, corrected]);
  });

  it("lists the judge-corrected differences on the compare page, from core's comparison of the two stored grades", async () => {
    const compared = await page(storeOfCorrected(2), '/compare?a=1&b=2');
    const rows = [...compared.matchAll(/<dd data-corrected-difference="([^"]*)">([^<]*)<\/dd>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    // The same run twice: no difference, raw or corrected; the one set of labels of both grades.
    expect(rows).toEqual([
      [
        'recall',
        'raw ±0.0 points (95% CI ±0.0 to ±0.0) · corrected ±0.0 points (95% CI ±0.0 to ±0.0) · 20 labels (10 passing, 10 failing), one set for both sides · 2 of 2000 replicates left out (their resampled labels gave TPR + TNR − 1 ≤ 0)',
      ],
      ['corrected verdict', 'no detectable difference: recall ±0.0 points (CI ±0.0 to ±0.0, 20 labels)'],
    ]);
    expect(compared).toContain(
      '<h3>Judge-corrected differences (variant − baseline; paired bootstrap over cases and labels, one label resample for both sides, 2000 replicates, seed 1)</h3>',
    );
  });
});
