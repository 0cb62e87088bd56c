import { describe, expect, it } from 'vitest';
import { compareRuns } from '../src/compare/compare-runs.ts';
import { type CaseTally, CaseTallySchema } from '../src/grade/grade-schema.ts';
import { comparisonDocument } from '../src/report/compare-document.ts';
import { compareJunit } from '../src/report/compare-junit.ts';
import type { CorrectedFigures, LabelConfusion } from '../src/schema/corrected.ts';
import { correctedRate } from '../src/stats/corrected-rate.ts';
import { correctionBootstrap, type PairedCaseCounts } from '../src/stats/correction-bootstrap.ts';

const JUDGE = { model: 'judge:1b', promptVersion: 'risen-judge-v1' };
const FINDINGS = 6;
const CASES = 20;

/**
 * A side judged by the scripted judge: of the findings an answer truly holds it misses one in five (TPR 4/5),
 * of those it does not hold it accepts one in three (TNR 2/3), counted over the side's items in order.
 * `held(c)` is how many of case c's six findings the answer truly holds.
 */
function judgedSide(held: (c: number) => number): CaseTally[] {
  let real = 0;
  let missing = 0;
  return Array.from({ length: CASES }, (_, c) => {
    const items = Array.from({ length: FINDINGS }, (_, i) => {
      const truth = i < held(c);
      const passed = truth ? ++real % 5 !== 0 : ++missing % 3 === 0;
      return {
        key: `finding:f${i}`,
        kind: 'finding',
        id: `f${i}`,
        label: `f${i}`,
        passed: passed ? 1 : 0,
        failed: passed ? 0 : 1,
        errors: 0,
        skipped: 0,
        graded: 1,
        verdict: passed ? 'passed' : 'failed',
        flaky: false,
      };
    });
    const status = items.every((i) => i.passed) ? 'passed' : 'failed';
    return CaseTallySchema.parse({
      case: { id: `case-${c}`, name: `case ${c}` },
      policy: 'majority',
      epochs: 1,
      items,
      status,
      notJudged: 0,
      errors: [],
    });
  });
}

/** 30 labels a person passed, 30 they failed, judged by the same script: TPR 24/30, TNR 20/30. */
const LABELS: LabelConfusion = { truePositive: 24, falseNegative: 6, trueNegative: 20, falsePositive: 10 };
const NO_LABELS: LabelConfusion = { truePositive: 0, falseNegative: 0, trueNegative: 0, falsePositive: 0 };

/** A side's stored corrected figures as its grade keeps them: only the judge and labels are read. */
function figures(labels: LabelConfusion, judge = JUDGE): CorrectedFigures {
  const rate = correctedRate({ passed: 0, total: 0 }, labels);
  return {
    judge,
    used: labels.truePositive + labels.falseNegative + labels.trueNegative + labels.falsePositive,
    stale: 0,
    caseWrong: 0,
    otherJudges: [],
    findings: rate,
    absent: correctedRate({ passed: 0, total: 0 }, NO_LABELS),
  };
}

// True recall: the baseline's answers hold 2, 3 or 4 of six findings (cases in turn), the variant's one more
// on every other case: 59/120 = 49.2% against 69/120 = 57.5%.
const baseline = judgedSide((c) => 2 + (c % 3));
const variant = judgedSide((c) => 2 + (c % 3) + (c % 2));
const shared = { baseline: figures(LABELS), variant: figures(LABELS) };

const run = (id: number, variant: string) => ({
  id,
  variant,
  promptHash: `hash-${variant}`,
  agent: { backend: 'ollama', model: 'qwen3.5:4b' },
  label: variant,
  startedAt: '2026-12-02T01:00:00.000Z',
});

describe("compare's judge-corrected differences (paired bootstrap over cases and labels)", () => {
  const comparison = compareRuns(baseline, variant, { calibration: shared });
  const corrected = comparison.corrected;
  const recall = corrected?.findings;

  it('separates the raw and the corrected difference, and widens the interval', () => {
    expect(corrected).toMatchObject({
      method: 'paired-bootstrap',
      replicates: 2000,
      seed: 1,
      level: 0.95,
      labelResampling: 'shared',
      judges: { baseline: JUDGE, variant: JUDGE },
    });
    expect(corrected?.note).toBeUndefined();
    expect(corrected?.absent).toBeUndefined();
    if (recall?.status !== 'corrected') throw new Error(`not corrected: ${JSON.stringify(recall)}`);
    // The baseline: of 59 real findings the judge misses 11 (48 passed); of 61 missing it accepts 20: 68/120.
    // The variant: of 69 real it misses 13 (56 passed); of 51 missing it accepts 17: 73/120.
    expect(recall.items).toEqual({ baseline: { passed: 68, total: 120 }, variant: { passed: 73, total: 120 } });
    expect(recall.cases).toBe(20);
    expect(recall.labels).toEqual({ baseline: LABELS, variant: LABELS });
    expect(recall.raw.estimate).toBeCloseTo(5 / 120, 12);
    // Rogan-Gladen with the labels' TPR 24/30, TNR 20/30 (J = 7/15): (68/120 − 1/3) / (7/15) = 28/56 = 0.5 and
    // (73/120 − 1/3) / (7/15) = 33/56: a difference of 5/56 = 8.9 points against the raw 4.2.
    expect(recall.corrected.estimate).toBeCloseTo(5 / 56, 12);
    expect(recall.corrected.estimate).not.toBeCloseTo(recall.raw.estimate, 3);
    const width = (i: { lower: number; upper: number }) => i.upper - i.lower;
    expect(recall.raw.lower).toBeLessThan(recall.raw.estimate);
    expect(recall.raw.upper).toBeGreaterThan(recall.raw.estimate);
    expect(recall.corrected.lower).toBeLessThan(recall.corrected.estimate);
    expect(recall.corrected.upper).toBeGreaterThan(recall.corrected.estimate);
    // Seed 1: raw −2.5 to +10.8 points, corrected −6.2 to +28.1.
    expect(recall.raw.lower).toBeCloseTo(-0.025, 4);
    expect(recall.raw.upper).toBeCloseTo(0.1083, 4);
    expect(width(recall.corrected)).toBeGreaterThan(width(recall.raw));
    // One replicate of 2,000 drew labels with TPR* + TNR* − 1 ≤ 0: left out and counted.
    expect(recall.undefinedReplicates).toBe(1);
    // The same seed, the same interval.
    expect(compareRuns(baseline, variant, { calibration: shared }).corrected).toEqual(corrected);
  });

  it('is narrower with one label resample for both sides than with the sides resampled apart', () => {
    if (recall?.status !== 'corrected') throw new Error('not corrected');
    const counts: PairedCaseCounts[] = comparison.cases.map((c) => ({
      baseline: { passed: c.findings[0].passed, total: c.findings[0].total },
      variant: { passed: c.findings[1].passed, total: c.findings[1].total },
    }));
    const options = { replicates: 2000, seed: 1, level: 0.95 };
    const labels = { baseline: LABELS, variant: LABELS };
    const joint = correctionBootstrap(counts, labels, { ...options, labels: 'shared' });
    const naive = correctionBootstrap(counts, labels, { ...options, labels: 'independent' });
    // The engine's figure is the joint bootstrap's.
    expect(joint.corrected).toEqual({ lower: recall.corrected.lower, upper: recall.corrected.upper });
    const width = (i: { lower: number; upper: number }) => i.upper - i.lower;
    expect(width(joint.corrected)).toBeLessThan(width(naive.corrected));
    // Seed 1: joint −6.2 to +28.1 points; apart −32.3 to +51.9, more than twice as wide, since resampling
    // the one set of labels apart counts the shared calibration error twice.
    expect(joint.corrected.lower).toBeCloseTo(-0.0625, 4);
    expect(joint.corrected.upper).toBeCloseTo(0.28125, 4);
    expect(naive.corrected.lower).toBeCloseTo(-0.3231, 4);
    expect(naive.corrected.upper).toBeCloseTo(0.519, 4);
    expect(width(naive.corrected) / width(joint.corrected)).toBeGreaterThan(2);
  });

  it('gives the one line of a judge near chance, with its labels and no number', () => {
    // TPR 6/10, TNR 5/10: J = 0.1.
    const near = { truePositive: 6, falseNegative: 4, trueNegative: 5, falsePositive: 5 };
    const result = compareRuns(baseline, variant, {
      calibration: { baseline: figures(near), variant: figures(near) },
      gate: 'corrected',
    });
    expect(result.corrected?.findings).toMatchObject({
      status: 'near-chance',
      reason: 'not corrected: the judge is near chance (TPR 60.0% + TNR 50.0% − 1 = 0.10, below 0.2)',
      labels: { baseline: near, variant: near },
    });
    expect(result.corrected?.findings).not.toHaveProperty('corrected');
    expect(result.verdict).toBe('inconclusive');
    expect(result.gate).toEqual({
      on: 'corrected',
      rawVerdict: 'no detectable difference',
      reason:
        'no corrected difference: recall not corrected: the judge is near chance (TPR 60.0% + TNR 50.0% − 1 = 0.10, below 0.2)',
    });
  });

  it('resamples each side apart and says so when the sides ran different judges', () => {
    const other = { model: 'judge:3b', promptVersion: 'risen-judge-v1' };
    const result = compareRuns(baseline, variant, {
      calibration: { baseline: figures(LABELS), variant: figures(LABELS, other) },
    });
    expect(result.corrected).toMatchObject({
      labelResampling: 'independent',
      note: 'the sides ran different judges (baseline judge:1b · risen-judge-v1, variant judge:3b · risen-judge-v1): each side is corrected with its own labels, resampled independently',
    });
    const apart = result.corrected?.findings;
    if (apart?.status !== 'corrected' || recall?.status !== 'corrected') throw new Error('not corrected');
    expect(apart.corrected.estimate).toBeCloseTo(recall.corrected.estimate, 12);
    expect(apart.corrected.upper - apart.corrected.lower).toBeGreaterThan(
      recall.corrected.upper - recall.corrected.lower,
    );
  });

  it('keeps the raw verdict unless the gate is corrected', () => {
    expect(comparison.gate).toBeUndefined();
    expect(comparison.verdict).toBe('no detectable difference');
    expect(corrected?.verdict).toBe('no detectable difference');
  });
});

describe("comparison.xml's judge-corrected differences (read from the comparison, never recomputed)", () => {
  const doc = (result: ReturnType<typeof compareRuns>) =>
    comparisonDocument(result, {
      pack: 'code-review',
      split: 'all',
      epochs: 1,
      policy: 'majority',
      judge: { backend: 'ollama', model: JUDGE.model },
      baseline: { run: run(1, 'baseline'), tallies: baseline, corrected: shared.baseline },
      variant: { run: run(2, 'v2'), tallies: variant, corrected: shared.variant },
      exitCode: 0,
    });

  /** The suite's properties as name → value, in order, attribute escapes undone. */
  const properties = (xml: string) =>
    [...xml.matchAll(/<property name="([^"]*)" value="([^"]*)"\/>/g)].map(([, name, value]) => [
      name,
      value
        ?.replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ]);
  const systemOut = (xml: string) => xml.match(/<system-out>([^<]*)<\/system-out>/)?.[1];
  const HEADING =
    'Judge-corrected differences (variant − baseline; paired bootstrap over cases and labels, one label resample for both sides, 2000 replicates, seed 1)';

  it('holds each figure as a property and the block in system-out, with the gate and the raw verdict under --gate corrected', () => {
    const xml = compareJunit(doc(compareRuns(baseline, variant, { calibration: shared, gate: 'corrected' })));
    expect(properties(xml)).toEqual([
      ['pack', 'code-review'],
      ['baseline', 'baseline (run 1)'],
      ['variant', 'v2 (run 2)'],
      ['verdict', 'no detectable difference'],
      ['difference', '+4.2 points (95% CI −3.4 to +11.7)'],
      ['permutation-p', '= 0.3662'],
      ['mcnemar-p', '= 0.5682'],
      ['judge-corrected-method', HEADING],
      ['judge-corrected-recall-raw', '+4.2 points (95% CI −2.5 to +10.8)'],
      ['judge-corrected-recall', '+8.9 points (95% CI −6.2 to +28.1)'],
      ['judge-corrected-recall-labels', '60 labels (30 passing, 30 failing), one set for both sides'],
      [
        'judge-corrected-recall-left-out',
        '1 of 2000 replicates left out (their resampled labels gave TPR + TNR − 1 ≤ 0)',
      ],
      ['judge-corrected-verdict', 'no detectable difference: recall +8.9 points (CI −6.2 to +28.1, 60 labels)'],
      ['gate', 'corrected'],
      ['raw-verdict', 'no detectable difference'],
      ['gate-reason', 'recall +8.9 points (CI −6.2 to +28.1, 60 labels)'],
      ['exit-code', '0'],
    ]);
    expect(systemOut(xml)).toBe(
      [
        HEADING,
        '  recall            raw +4.2 points (95% CI −2.5 to +10.8) · corrected +8.9 points (95% CI −6.2 to +28.1) · 60 labels (30 passing, 30 failing), one set for both sides · 1 of 2000 replicates left out (their resampled labels gave TPR + TNR − 1 ≤ 0)',
        '  corrected verdict no detectable difference: recall +8.9 points (CI −6.2 to +28.1, 60 labels)',
        '',
        'verdict no detectable difference on the judge-corrected differences (--gate corrected); the raw figures say no detectable difference',
      ].join('\n'),
    );
  });

  it('prints the figures the comparison holds, not figures of its own', () => {
    const document = doc(compareRuns(baseline, variant, { calibration: shared }));
    const recall = document.corrected?.findings;
    if (recall?.status !== 'corrected') throw new Error('not corrected');
    recall.corrected = { estimate: 0.123, lower: 0.045, upper: 0.2 };
    recall.undefinedReplicates = 7;
    const xml = compareJunit(document);
    expect(properties(xml)).toContainEqual(['judge-corrected-recall', '+12.3 points (95% CI +4.5 to +20.0)']);
    expect(properties(xml)).toContainEqual([
      'judge-corrected-recall-left-out',
      '7 of 2000 replicates left out (their resampled labels gave TPR + TNR − 1 ≤ 0)',
    ]);
    // Without --gate corrected the verdict is the raw one and no gate is named.
    expect(properties(xml).map(([name]) => name)).not.toContain('gate');
    expect(properties(xml).map(([name]) => name)).not.toContain('raw-verdict');
    expect(systemOut(xml)?.split('\n').at(-1)).toBe('verdict no detectable difference');
  });

  it('gives the reason line and the labels instead of a number for a judge near chance', () => {
    const near = { truePositive: 6, falseNegative: 4, trueNegative: 5, falsePositive: 5 };
    const calibration = { baseline: figures(near), variant: figures(near) };
    const xml = compareJunit(doc(compareRuns(baseline, variant, { calibration, gate: 'corrected' })));
    const reason = 'not corrected: the judge is near chance (TPR 60.0% + TNR 50.0% − 1 = 0.10, below 0.2)';
    expect(properties(xml).filter(([name]) => name?.startsWith('judge-corrected-') || name?.includes('gate'))).toEqual([
      ['judge-corrected-method', HEADING],
      ['judge-corrected-recall-raw', '+4.2 points (95% CI −2.5 to +10.8)'],
      ['judge-corrected-recall-not-corrected', reason],
      ['judge-corrected-recall-labels', '20 labels (10 passing, 10 failing), one set for both sides'],
      ['judge-corrected-verdict', `inconclusive: no corrected difference: recall ${reason}`],
      ['gate', 'corrected'],
      ['gate-reason', `no corrected difference: recall ${reason}`],
    ]);
    expect(properties(xml)).toContainEqual(['verdict', 'inconclusive']);
    expect(properties(xml)).toContainEqual(['raw-verdict', 'no detectable difference']);
  });

  it("names each side's labels and why they were resampled apart when the sides ran different judges", () => {
    const other = { model: 'judge:3b', promptVersion: 'risen-judge-v1' };
    const calibration = { baseline: figures(LABELS), variant: figures(LABELS, other) };
    const xml = compareJunit(doc(compareRuns(baseline, variant, { calibration })));
    expect(properties(xml)).toContainEqual([
      'judge-corrected-recall-labels',
      'baseline 60 labels (30 passing, 30 failing), variant 60 labels (30 passing, 30 failing)',
    ]);
    expect(properties(xml)).toContainEqual([
      'judge-corrected-labels-note',
      'the sides ran different judges (baseline judge:1b · risen-judge-v1, variant judge:3b · risen-judge-v1): each side is corrected with its own labels, resampled independently',
    ]);
    expect(systemOut(xml)?.split('\n')[0]).toBe(
      "Judge-corrected differences (variant − baseline; paired bootstrap over cases and labels, each side's labels resampled independently, 2000 replicates, seed 1)",
    );
  });
});
