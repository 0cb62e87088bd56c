import { describe, expect, it } from 'vitest';
import { compareRuns } from '../src/compare/compare-runs.ts';
import { ComparisonSchema } from '../src/compare/comparison-schema.ts';
import { gradeRun } from '../src/grade/grade-run.ts';
import { printComparison } from '../src/report/compare-console.ts';
import { comparisonDocument } from '../src/report/compare-document.ts';
import { compareMarkdown } from '../src/report/compare-markdown.ts';
import type { CaseResult } from '../src/schema/result.ts';
import { sampleCase, transcriptWith } from './support.ts';

function epoch(id: string, n: number, passed: boolean): CaseResult {
  return {
    case: { ...sampleCase, id, name: id, expectedFindings: [], expectedAbsent: [] },
    epoch: n,
    status: passed ? 'passed' : 'failed',
    transcript: transcriptWith([]),
    checks: [{ id: 'refund', name: 'refund', part: 'expectation', passed, detail: 'no refund' }],
    verdicts: [],
    reasons: passed ? [] : ['expectation: no refund'],
    judgeUsage: { input: 0, output: 0 },
  };
}

/** Twelve cases over four epochs, each case passing the epochs `passes(case)` says. */
function tallies(passes: (c: number) => number) {
  const cases = Array.from({ length: 12 }, (_, c) =>
    Array.from({ length: 4 }, (_, n) => epoch(`case-${c}`, n, n < passes(c))),
  ).flat();
  return gradeRun({ cases }).cases;
}

// Baseline: every case passes 3 of 4 epochs (pass@1 75%, pass^4 0%). Variant: half pass 4 of 4 and half
// 2 of 4: the same 75% per epoch, but pass^4 50%. Per item nothing changed; per customer, half now always win.
const baseline = tallies(() => 3);
const variant = tallies((c) => (c % 2 === 0 ? 4 : 2));

describe('compare with a pass^k headline', () => {
  it('decides on the paired per-case pass^k, where per item it sees no difference', () => {
    const byItems = compareRuns(baseline, variant);
    expect(byItems.verdict).toBe('no detectable difference');
    expect(byItems.passK).toBeUndefined();
    const byPassK = compareRuns(baseline, variant, { headline: 'pass^k' });
    expect(byPassK.verdict).toBe('better');
    expect(byPassK.passK).toMatchObject({ k: 4, baseline: 0, variant: 0.5, cases: 12, unpaired: 0 });
    expect(byPassK.passK?.difference.mean).toBe(0.5);
    expect(byPassK.passK?.permutation.pValue).toBeCloseTo(2 / 64, 12);
    expect(compareRuns(variant, baseline, { headline: 'pass^k' }).verdict).toBe('worse');
  });

  it('says so in the console, the document and the Markdown comment', () => {
    const comparison = compareRuns(baseline, variant, { headline: 'pass^k' });
    const lines: string[] = [];
    printComparison(comparison, {
      write: (text) => lines.push(text),
      color: false,
      cases: false,
      labels: ['baseline', 'variant'],
    });
    const text = lines.join('');
    expect(text).toContain(
      '\n  pass^4            0.0%                                    50.0% over 12 paired cases\n',
    );
    expect(text).toMatch(
      /\n {2}pass\^4 change {5}\+50\.0 points \(95% CI \+[\d.]+ to \+[\d.]+ points; paired per case\)/,
    );
    expect(text).toContain("\n  verdict           better on pass^4, the pack's headline\n");
    const doc = comparisonDocument(comparison, {
      pack: 'support',
      split: 'all',
      epochs: 4,
      policy: 'majority',
      baseline: { run: side(1), tallies: baseline },
      variant: { run: side(2), tallies: variant },
      exitCode: 0,
    });
    expect(ComparisonSchema.parse(JSON.parse(JSON.stringify(doc))).passK).toMatchObject({ k: 4, cases: 12 });
    expect(compareMarkdown(doc)).toContain(
      "The verdict rests on **pass^4** (the pack's headline): 0.0% → 50.0% over 12",
    );
  });
});

function side(id: number) {
  return {
    id,
    variant: `v${id}`,
    promptHash: `hash-${id}`,
    agent: { backend: 'ollama', model: 'qwen3.5:4b' },
    label: `v${id}`,
    startedAt: '2026-12-02T01:00:00.000Z',
  };
}
