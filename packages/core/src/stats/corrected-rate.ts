/**
 * A judged rate corrected for the judge's own errors, measured against people's labels (issue 26).
 *
 * A judge with true positive rate TPR and true negative rate TNR reports, of items whose true pass rate is θ,
 * p = TPR·θ + (1 − TNR)·(1 − θ). Solving for θ gives Rogan-Gladen (1978): θ = (p + TNR − 1) / (TPR + TNR − 1),
 * clipped to [0, 1]. "Positive" is the item passing (a finding caught, a bait item not flagged).
 *
 * The 95% interval is the delta method over the three independent estimates (the run's rate p; TPR and TNR
 * from the labels), as Lang & Reiczigel (2014, "Confidence limits for prevalence of disease adjusted for
 * estimated sensitivity and specificity", Prev. Vet. Med. 113:13-22) do:
 *   Var θ ≈ [Var p + θ²·Var TPR + (1 − θ)²·Var TNR] / (TPR + TNR − 1)²
 * with each variance taken at the Agresti-Coull adjusted proportion (k + z²/2) / (n + z²) over n + z², so 10
 * labels that all agree still carry uncertainty, and Var p multiplied by the run's design effect, so the
 * clustering of items within cases widens it as it widens the raw interval. The delta method rather than a
 * bootstrap because grading is pure and runs after every eval: closed form, no seed, the same interval every
 * time, in microseconds at 10,000 results; and a bootstrap over a few dozen labels keeps drawing resamples
 * with TPR + TNR − 1 ≤ 0, whose estimates are undefined.
 */

import type { CorrectedFigures, CorrectedRate, JudgeIdentity, LabelConfusion } from '../schema/corrected.ts';
import { normalQuantile } from './normal.ts';

/**
 * Labels needed of each outcome (items the person passed and items they failed) before a kind is corrected:
 * TPR rests on the first, TNR on the second. Below 10 one label moves a rate by more than 10 points, and the
 * interval of a correction built on it spans most of [0, 1].
 */
export const MIN_LABELS_PER_OUTCOME = 10;

/**
 * The least TPR + TNR − 1 (Youden's J) the correction divides by. Below 0.2 the judge is near chance: an
 * error of 2 points in the raw rate becomes 10 or more in the corrected one, so no figure is given.
 */
export const MIN_YOUDEN = 0.2;

/** The raw judged rate: items passed of items judged, and the clustering's design effect (1 when none). */
export interface RawRate {
  passed: number;
  total: number;
  designEffect?: number;
}

const clip = (x: number) => Math.min(1, Math.max(0, x));
const pct = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

/** The Agresti-Coull adjusted variance of k of n: never 0, so all-agreeing labels still carry uncertainty. */
function adjustedVariance(k: number, n: number, z: number): number {
  const tilde = (k + (z * z) / 2) / (n + z * z);
  return (tilde * (1 - tilde)) / (n + z * z);
}

/** The labels of each outcome: the person passed the item (positive) or failed it (negative). */
export function labelCounts(labels: LabelConfusion): { positive: number; negative: number } {
  return {
    positive: labels.truePositive + labels.falseNegative,
    negative: labels.trueNegative + labels.falsePositive,
  };
}

/** The raw rate corrected for the judge's TPR and TNR from labels, or why it cannot be. */
export function correctedRate(raw: RawRate, labels: LabelConfusion, level = 0.95): CorrectedRate {
  const common = { raw: { passed: raw.passed, total: raw.total }, labels };
  const { positive, negative } = labelCounts(labels);
  if (raw.total === 0) return { status: 'no-verdicts', ...common, reason: 'no verdicts to correct' };
  if (positive < MIN_LABELS_PER_OUTCOME || negative < MIN_LABELS_PER_OUTCOME) {
    return {
      status: 'too-few-labels',
      ...common,
      reason:
        `not corrected: needs ${MIN_LABELS_PER_OUTCOME} labels each of passing and failing items ` +
        `(has ${positive} passing, ${negative} failing)`,
    };
  }
  const tpr = labels.truePositive / positive;
  const tnr = labels.trueNegative / negative;
  const youden = tpr + tnr - 1;
  if (youden < MIN_YOUDEN) {
    return {
      status: 'near-chance',
      ...common,
      reason:
        `not corrected: the judge is near chance (TPR ${pct(tpr)} + TNR ${pct(tnr)} − 1 = ` +
        `${youden.toFixed(2)}, below ${MIN_YOUDEN})`,
    };
  }
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = raw.passed / raw.total;
  const unclipped = (p + tnr - 1) / youden;
  const theta = clip(unclipped);
  const variance =
    (raw.designEffect ?? 1) * adjustedVariance(raw.passed, raw.total, z) +
    theta * theta * adjustedVariance(labels.truePositive, positive, z) +
    (1 - theta) * (1 - theta) * adjustedVariance(labels.trueNegative, negative, z);
  const half = (z * Math.sqrt(variance)) / youden;
  return {
    status: 'corrected',
    ...common,
    estimate: theta,
    // Centred on the clipped estimate: centred on a raw rate beyond the judge's range (an unclipped θ of 1.3),
    // the interval would collapse to the single point 1, claiming a certainty the labels do not give.
    lower: clip(theta - half),
    upper: clip(theta + half),
    tpr: { estimate: tpr, k: labels.truePositive, n: positive },
    tnr: { estimate: tnr, k: labels.trueNegative, n: negative },
  };
}

/** The labels of one judge, per kind, with what was left out and why. */
export interface JudgeCalibration {
  judge: JudgeIdentity;
  used: number;
  stale: number;
  caseWrong: number;
  otherJudges: CorrectedFigures['otherJudges'];
  notAsked: number;
  findings: LabelConfusion;
  absent: LabelConfusion;
}

/** The corrected figures of a run: each kind's raw judged rate corrected with its own labels. */
export function correctedFigures(
  calibration: JudgeCalibration,
  raw: { findings: RawRate; absent: RawRate },
): CorrectedFigures {
  const { findings, absent, ...rest } = calibration;
  return {
    ...rest,
    findings: correctedRate(raw.findings, findings),
    absent: correctedRate(raw.absent, absent),
  };
}
