import { describe, expect, it } from 'vitest';
import { correctedFigures, judgeCalibration } from '../src/calibration/judge-calibration.ts';
import { inputHash } from '../src/calibration/label-key.ts';
import { type Label, LabelSchema } from '../src/schema/label.ts';
import { correctedRate, MIN_LABELS_PER_OUTCOME } from '../src/stats/corrected-rate.ts';
import { wilsonInterval } from '../src/stats/wilson.ts';

const CASES = [{ id: 'orders', input: 'export const handler = async () => db.scan();' }];
const JUDGE = { model: 'judge:1b', promptVersion: 'risen-judge-v1' };

/** A person's label on one finding verdict: `truth` is whether the answer really holds the finding. */
function label(i: number, judgePassed: boolean, truth: boolean, judge = JUDGE, kind: Label['kind'] = 'finding') {
  const agrees = judgePassed === truth;
  return LabelSchema.parse({
    caseId: 'orders',
    kind,
    itemId: `item-${i}`,
    label: agrees ? 'agree' : 'disagree',
    ...(!agrees && { wrong: 'judge' }),
    verdict: { passed: judgePassed, reasoning: 'scripted', ...judge },
    inputSha256: inputHash(CASES[0]?.input ?? ''),
    answer: `answer ${i}`,
  });
}

/**
 * The scripted judge: it misses one in five real findings (TPR 4/5) and accepts one in three answers that do
 * not hold the finding (TNR 2/3). `real` items truly hold their finding, `absent` do not.
 */
function scriptedVerdicts(real: number, absent: number): { judgePassed: boolean; truth: boolean }[] {
  return [
    ...Array.from({ length: real }, (_, i) => ({ judgePassed: i % 5 !== 0, truth: true })),
    ...Array.from({ length: absent }, (_, i) => ({ judgePassed: i % 3 === 0, truth: false })),
  ];
}

describe('judge-corrected rates (Rogan-Gladen with a delta-method interval)', () => {
  // 30 labelled findings a person saw the answer hold, 30 they saw it miss: TPR 24/30, TNR 20/30.
  const labels = scriptedVerdicts(30, 30).map((v, i) => label(i, v.judgePassed, v.truth));
  // The run: 60 verdicts, of which truly half hold the finding (true recall 0.5). The judge passes
  // 24 of the 30 real ones and 10 of the 30 others: 34/60 raw.
  const run = scriptedVerdicts(30, 30);
  const raw = { passed: run.filter((v) => v.judgePassed).length, total: run.length };
  const calibration = judgeCalibration(labels, JUDGE, CASES);

  it('separates raw and corrected recall, holds the true rate, and is wider than the raw interval', () => {
    expect(raw).toEqual({ passed: 34, total: 60 });
    expect(calibration.findings).toEqual({ truePositive: 24, falseNegative: 6, trueNegative: 20, falsePositive: 10 });
    const corrected = correctedRate(raw, calibration.findings);
    if (corrected.status !== 'corrected') throw new Error(`not corrected: ${JSON.stringify(corrected)}`);
    // (34/60 + 2/3 − 1) / (4/5 + 2/3 − 1) = (7/30) / (7/15) = 1/2.
    expect(corrected.estimate).toBeCloseTo(0.5, 12);
    expect(raw.passed / raw.total).toBeCloseTo(0.5667, 4);
    expect(corrected.tpr).toEqual({ estimate: 0.8, k: 24, n: 30 });
    expect(corrected.tnr).toEqual({ estimate: 20 / 30, k: 20, n: 30 });
    expect(corrected.lower).toBeLessThan(0.5);
    expect(corrected.upper).toBeGreaterThan(0.5);
    const rawInterval = wilsonInterval(raw.passed, raw.total);
    expect(corrected.upper - corrected.lower).toBeGreaterThan(rawInterval.upper - rawInterval.lower);
    // By hand, z = 1.959964, each variance at (k + z²/2) / (n + z²) over n + z²: Var p = 0.0038545,
    // Var TPR = 0.0052974, Var TNR = 0.0067423; Var θ = (0.0038545 + 0.25·0.0052974 + 0.25·0.0067423) / (7/15)²
    // = 0.031520, so θ ± 1.96·0.17754 = 0.1520 to 0.8480.
    expect(corrected.lower).toBeCloseTo(0.152, 3);
    expect(corrected.upper).toBeCloseTo(0.848, 3);
    expect(corrected.labels).toEqual(calibration.findings);
  });

  it('widens with the clustering of the raw rate', () => {
    const plain = correctedRate(raw, calibration.findings);
    const clustered = correctedRate({ ...raw, designEffect: 2 }, calibration.findings);
    if (plain.status !== 'corrected' || clustered.status !== 'corrected') throw new Error('not corrected');
    expect(clustered.estimate).toBe(plain.estimate);
    expect(clustered.upper - clustered.lower).toBeGreaterThan(plain.upper - plain.lower);
  });

  it('gives one line and no number for a judge near chance', () => {
    // TPR 6/10, TNR 5/10: J = 0.1.
    const nearChance = { truePositive: 6, falseNegative: 4, trueNegative: 5, falsePositive: 5 };
    const result = correctedRate(raw, nearChance);
    expect(result).toEqual({
      status: 'near-chance',
      raw,
      labels: nearChance,
      reason: 'not corrected: the judge is near chance (TPR 60.0% + TNR 50.0% − 1 = 0.10, below 0.2)',
    });
    expect(result).not.toHaveProperty('estimate');
  });

  it(`needs ${MIN_LABELS_PER_OUTCOME} labels of each outcome, and says how many it has`, () => {
    const few = { truePositive: 8, falseNegative: 0, trueNegative: 1, falsePositive: 0 };
    expect(correctedRate(raw, few)).toEqual({
      status: 'too-few-labels',
      raw,
      labels: few,
      reason: 'not corrected: needs 10 labels each of passing and failing items (has 8 passing, 1 failing)',
    });
    expect(correctedRate({ passed: 0, total: 0 }, calibration.findings).status).toBe('no-verdicts');
  });

  it('clips to [0, 1] and keeps the interval around the clipped figure', () => {
    // Raw 58/60 with TPR 0.8: beyond what this judge can report of a true 100%.
    const result = correctedRate({ passed: 58, total: 60 }, calibration.findings);
    if (result.status !== 'corrected') throw new Error('not corrected');
    expect(result.estimate).toBe(1);
    expect(result.upper).toBe(1);
    expect(result.lower).toBeLessThan(1);
  });
});

describe('labels held to the judge that ran', () => {
  it("uses this judge's labels only, names other judges' and counts stale ones", () => {
    const labels = [
      label(0, true, true),
      label(1, false, true),
      label(2, true, true, { model: 'testkit-scripted-judge', promptVersion: 'risen-judge-v1' }),
      label(3, true, true, { model: 'judge:1b', promptVersion: 'risen-judge-v1+judge.md@0123456789ab' }),
      label(4, true, true, { model: 'testkit-scripted-judge', promptVersion: 'risen-judge-v1' }),
      label(5, true, false, JUDGE, 'absent'),
      { ...label(6, true, true), inputSha256: inputHash('the case changed') },
      LabelSchema.parse({ ...label(7, true, true), label: 'disagree', wrong: 'case' }),
    ];
    const calibration = judgeCalibration(labels, JUDGE, CASES);
    expect(calibration).toEqual({
      judge: JUDGE,
      used: 3,
      stale: 1,
      caseWrong: 1,
      otherJudges: [
        { model: 'testkit-scripted-judge', promptVersion: 'risen-judge-v1', labels: 2 },
        { model: 'judge:1b', promptVersion: 'risen-judge-v1+judge.md@0123456789ab', labels: 1 },
      ],
      notAsked: 0,
      findings: { truePositive: 1, falseNegative: 1, trueNegative: 0, falsePositive: 0 },
      absent: { truePositive: 0, falseNegative: 0, trueNegative: 0, falsePositive: 1 },
    });
    const figures = correctedFigures(calibration, {
      findings: { passed: 5, total: 9 },
      absent: { passed: 2, total: 3 },
    });
    expect(figures.findings.status).toBe('too-few-labels');
    expect(figures.absent.status).toBe('too-few-labels');
    expect(figures.otherJudges).toEqual(calibration.otherJudges);
  });
});
