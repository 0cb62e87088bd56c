/**
 * The paired bootstrap behind compare's judge-corrected differences (issue 26).
 *
 * Each replicate resamples the cases with replacement, a case carrying both sides' counts together (the sides
 * are paired: the same cases, the same items), and resamples the labels: per outcome (the items the person
 * passed, the items they failed), so TPR* is k* of n with k* ~ Binomial(n, TPR) and TNR* likewise. When both sides
 * were corrected with the same labels (one judge), ONE label resample is applied to both sides in the replicate:
 * their calibration errors are the same errors, and largely cancel in the difference. Adding the two sides'
 * variances (or resampling their labels apart) would count that error twice. When the sides ran different
 * judges, each side's labels are resampled apart, as they are independent.
 *
 * Replicates whose resampled labels leave TPR* + TNR* − 1 ≤ 0 have no correction: they are left out and
 * counted. The intervals are percentile intervals of the replicates (type 7 quantiles).
 */

import type { LabelConfusion } from '../schema/corrected.ts';
import { seededRandom } from './random.ts';

export interface SideCounts {
  passed: number;
  total: number;
}

/** One case's paired items of a kind: each side's passing gradings of the total (every epoch's). */
export interface PairedCaseCounts {
  baseline: SideCounts;
  variant: SideCounts;
}

export interface CorrectionBootstrapOptions {
  replicates: number;
  seed: number;
  /** 0.95 for 95% intervals. */
  level: number;
  /** shared: one label resample for both sides (same judge, same labels); independent: one per side. */
  labels: 'shared' | 'independent';
}

export interface BootstrapInterval {
  lower: number;
  upper: number;
}

export interface CorrectionBootstrap {
  /** Variant − baseline raw rate over the case resamples. */
  raw: BootstrapInterval;
  /** Variant − baseline corrected rate over the case and label resamples. */
  corrected: BootstrapInterval;
  undefinedReplicates: number;
}

const clip = (x: number) => Math.min(1, Math.max(0, x));

/** The q-quantile of sorted values, interpolated between order statistics (type 7). */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const low = sorted[below] ?? Number.NaN;
  const high = sorted[Math.min(sorted.length - 1, below + 1)] ?? low;
  return low + (high - low) * (at - below);
}

function interval(values: number[], level: number): BootstrapInterval {
  values.sort((a, b) => a - b);
  return { lower: quantile(values, (1 - level) / 2), upper: quantile(values, 1 - (1 - level) / 2) };
}

/** TPR* and TNR* from one resample of the labels, per outcome. */
function resampleRates(labels: LabelConfusion, random: () => number): { tpr: number; tnr: number } {
  const draw = (k: number, n: number) => {
    let hits = 0;
    for (let i = 0; i < n; i++) if (random() * n < k) hits++;
    return hits / n;
  };
  return {
    tpr: draw(labels.truePositive, labels.truePositive + labels.falseNegative),
    tnr: draw(labels.trueNegative, labels.trueNegative + labels.falsePositive),
  };
}

/** Rogan-Gladen clipped to [0, 1], or undefined when TPR + TNR − 1 ≤ 0. */
function correct(p: number, rates: { tpr: number; tnr: number }): number | undefined {
  const youden = rates.tpr + rates.tnr - 1;
  return youden > 0 ? clip((p + rates.tnr - 1) / youden) : undefined;
}

/**
 * The bootstrap intervals of the raw and the corrected difference (variant − baseline) over paired cases.
 * `labels` are each side's; with `labels: 'shared'` the baseline's are the one set both were corrected with.
 */
export function correctionBootstrap(
  cases: readonly PairedCaseCounts[],
  labels: { baseline: LabelConfusion; variant: LabelConfusion },
  options: CorrectionBootstrapOptions,
): CorrectionBootstrap {
  const random = seededRandom(options.seed);
  const raw: number[] = [];
  const corrected: number[] = [];
  let undefinedReplicates = 0;
  for (let r = 0; r < options.replicates; r++) {
    const sum = { bp: 0, bt: 0, vp: 0, vt: 0 };
    for (let i = 0; i < cases.length; i++) {
      const pick = cases[Math.floor(random() * cases.length)];
      if (!pick) continue;
      sum.bp += pick.baseline.passed;
      sum.bt += pick.baseline.total;
      sum.vp += pick.variant.passed;
      sum.vt += pick.variant.total;
    }
    const baselineRates = resampleRates(labels.baseline, random);
    const variantRates = options.labels === 'shared' ? baselineRates : resampleRates(labels.variant, random);
    if (sum.bt === 0 || sum.vt === 0) continue;
    const [pb, pv] = [sum.bp / sum.bt, sum.vp / sum.vt];
    raw.push(pv - pb);
    const [cb, cv] = [correct(pb, baselineRates), correct(pv, variantRates)];
    if (cb === undefined || cv === undefined) undefinedReplicates++;
    else corrected.push(cv - cb);
  }
  return { raw: interval(raw, options.level), corrected: interval(corrected, options.level), undefinedReplicates };
}
