import type { KindFigures } from '../grade/grade-schema.ts';
import type { CaseTally } from '../grade/reduce-epochs.ts';
import { summarizeRepeats } from '../grade/repeat-figures.ts';
import type { CorrectedFigures } from '../schema/corrected.ts';
import type { CorrectedDifferences } from '../schema/corrected-difference.ts';
import { type ClusteredRate, clusteredMeanDifference, clusteredRate, type MeanDifference } from '../stats/clustered.ts';
import { exactMcNemar } from '../stats/mcnemar.ts';
import { type PermutationTest, pairedPermutationTest, smallestPermutationP } from '../stats/permutation.ts';
import { assumedPairedStandardError, minimumDetectableDifference } from '../stats/power.ts';
import { correctedDifferences } from './corrected-difference.ts';
import { type CaseComparison, pairCases } from './pair-cases.ts';
import { comparePassK, type PassKComparison } from './pass-k-comparison.ts';

/**
 * 'inconclusive' when either side had an agent or judge error on any case: the items an error left
 * ungraded cannot be paired, and an error is rarely independent of the prompt or model (a variant that
 * breaks the agent is the worst variant of all), so the remaining items cannot settle the question.
 */
export type ComparisonVerdict = 'better' | 'worse' | 'no detectable difference' | 'inconclusive';

export interface SideFigures {
  structural: KindFigures;
  findings: KindFigures;
  absent: KindFigures;
  /** Every paired item's epochs (checks, findings, expectedAbsent, rubric), clustered by case. */
  items: ClusteredRate;
  /** Findings caught over findings expected, per epoch. */
  recall: ClusteredRate;
  /**
   * Findings caught over everything flagged that the cases can check: caught findings plus flagged
   * expectedAbsent items, per epoch. Undefined when the cases hold no expectedAbsent items, since then no
   * false positive could have been seen and precision would be 100% by construction.
   */
  precision?: ClusteredRate;
  /** Items that passed in some epochs and failed in others. */
  flaky: number;
}

export interface Comparison {
  cases: CaseComparison[];
  baseline: SideFigures;
  variant: SideFigures;
  /** Mean paired per-item difference (variant − baseline) with its 95% interval, clustered by case. */
  difference: MeanDifference;
  /** Sign-flip test over the cases' summed differences: the test the verdict rests on. */
  permutation: PermutationTest;
  /** Exact McNemar on items whose verdict under the policy changed: gained = failed → passed. */
  mcnemar: { gained: number; lost: number; pValue: number };
  verdict: ComparisonVerdict;
  /** The smallest true difference this comparison would find with 80% power at α; Infinity when none. */
  detectable: { difference: number; basis: 'observed' | 'assumed'; smallestP: number };
  unpairedItems: number;
  /** Items no verdict was given on, on one side or both, with no error: left out, not errors. */
  notJudgedItems: number;
  /** Cases with at least one agent or judge error, per side. */
  errored: { baseline: number; variant: number };
  alpha: number;
  /** With a pass^k headline: each case's pass^k paired across the sides, which the verdict then rests on. */
  passK?: PassKComparison;
  /** The judge-corrected differences, when both sides' grades were corrected with labels. */
  corrected?: CorrectedDifferences;
  /** --gate corrected: the verdict is the corrected differences'; `rawVerdict` is what the raw figures said. */
  gate?: { on: 'corrected'; rawVerdict: ComparisonVerdict; reason: string };
}

export interface CompareOptions {
  alpha?: number;
  /** Seed of the permutation test when there are too many cases to enumerate. */
  seed?: number;
  /**
   * 'pass^k' when the pack makes pass^k its headline (definePack `headline`) and the runs have k ≥ 2
   * epochs: the verdict rests on the paired per-case pass^k instead of the per-item difference.
   */
  headline?: 'pass-rate' | 'pass^k';
  /** Each side's stored judge-corrected figures: the labels its grade used (see correctedDifferences). */
  calibration?: { baseline?: CorrectedFigures; variant?: CorrectedFigures };
  /** 'corrected': the verdict rests on the judge-corrected differences instead of the raw figures. */
  gate?: 'raw' | 'corrected';
  /** Bootstrap replicates of the corrected differences (default 2,000). */
  replicates?: number;
}

function sideFigures(tallies: readonly CaseTally[], comparisons: CaseComparison[], side: 'baseline' | 'variant') {
  const summary = summarizeRepeats(tallies);
  const items = clusteredRate(
    comparisons.map((c) => ({
      passed: c.paired.reduce((sum, p) => sum + p[side].passed, 0),
      total: c.paired.reduce((sum, p) => sum + p[side].graded, 0),
    })),
  );
  const precisionClusters = tallies.map((tally) => {
    const caught = tally.items.filter((i) => i.kind === 'finding').reduce((sum, i) => sum + i.passed, 0);
    const flagged = tally.items.filter((i) => i.kind === 'absent').reduce((sum, i) => sum + i.failed, 0);
    return { passed: caught, total: caught + flagged };
  });
  const figures: SideFigures = {
    structural: summary.structural,
    findings: summary.findings,
    absent: summary.absent,
    items,
    recall: summary.findings.samples,
    flaky: summary.flaky.length,
  };
  if (summary.absent.items > 0) figures.precision = clusteredRate(precisionClusters);
  return figures;
}

/**
 * Compares two runs over the same cases (each reduced by its repeat policy). The verdict needs both the
 * paired permutation test over cases (p < α) and a 95% interval of the difference that excludes zero, so
 * it never contradicts the interval printed beside it.
 */
export function compareRuns(
  baseline: readonly CaseTally[],
  variant: readonly CaseTally[],
  options: CompareOptions = {},
): Comparison {
  const alpha = options.alpha ?? 0.05;
  const cases = pairCases(baseline, variant);
  const withItems = cases.filter((c) => c.paired.length > 0);
  const difference = clusteredMeanDifference(withItems.map((c) => c.paired.map((p) => p.difference)));
  const permutation = pairedPermutationTest(
    withItems.map((c) => c.paired.reduce((sum, p) => sum + p.difference, 0)),
    { seed: options.seed ?? 1 },
  );
  const gained = cases.reduce((sum, c) => sum + c.gained.length, 0);
  const lost = cases.reduce((sum, c) => sum + c.lost.length, 0);
  const k = Math.max(0, ...[...baseline, ...variant].map((tally) => tally.epochs));
  const passK =
    options.headline === 'pass^k' && k >= 2 ? comparePassK(baseline, variant, k, options.seed ?? 1) : undefined;
  // The verdict's evidence: the headline's paired differences when there is one, else the items'.
  const decided = passK ?? { permutation, difference };
  const significant = decided.permutation.pValue < alpha;
  const errored = {
    baseline: cases.filter((c) => c.errors[0].length > 0).length,
    variant: cases.filter((c) => c.errors[1].length > 0).length,
  };
  const rawVerdict: ComparisonVerdict =
    errored.baseline + errored.variant > 0
      ? 'inconclusive'
      : significant && decided.difference.lower > 0
        ? 'better'
        : significant && decided.difference.upper < 0
          ? 'worse'
          : 'no detectable difference';
  const corrected =
    options.calibration &&
    correctedDifferences(cases, options.calibration, {
      seed: options.seed ?? 1,
      alpha,
      errored: errored.baseline + errored.variant > 0,
      ...(options.replicates !== undefined && { replicates: options.replicates }),
    });
  const gate =
    options.gate === 'corrected'
      ? {
          on: 'corrected' as const,
          rawVerdict,
          reason:
            corrected?.verdictReason ??
            'no corrected difference: no label of the judge that ran was read for these runs',
        }
      : undefined;
  const verdict: ComparisonVerdict = gate ? (corrected?.verdict ?? 'inconclusive') : rawVerdict;
  const b = sideFigures(baseline, cases, 'baseline');
  const v = sideFigures(variant, cases, 'variant');
  return {
    cases,
    baseline: b,
    variant: v,
    difference,
    permutation,
    mcnemar: { gained, lost, pValue: exactMcNemar(lost, gained) },
    verdict,
    detectable: detectable(difference, b.items, v.items, alpha),
    unpairedItems: cases.reduce((sum, c) => sum + c.unpaired, 0),
    notJudgedItems: cases.reduce((sum, c) => sum + c.notJudged, 0),
    errored,
    alpha,
    ...(passK && { passK }),
    ...(corrected && { corrected }),
    ...(gate && { gate }),
  };
}

/**
 * The power hint. With the observed standard error of the paired difference when the sides differed at
 * all; when nothing changed that is zero and says nothing, so the standard error two independent samples
 * at the pooled rate would have (rate shrunk towards 1/2 by Agresti–Coull's +2/+4) stands in. A
 * comparison over too few cases for the permutation test to ever reach α can detect nothing.
 */
function detectable(difference: MeanDifference, b: ClusteredRate, v: ClusteredRate, alpha: number) {
  const smallestP = smallestPermutationP(difference.clusters);
  if (smallestP >= alpha || difference.df < 1) {
    return { difference: Number.POSITIVE_INFINITY, basis: 'observed' as const, smallestP };
  }
  if (difference.standardError > 0) {
    const value = minimumDetectableDifference({ standardError: difference.standardError, df: difference.df, alpha });
    return { difference: value, basis: 'observed' as const, smallestP };
  }
  const pooled = (b.passed + v.passed + 2) / (b.total + v.total + 4);
  const standardError = assumedPairedStandardError(pooled, difference.items);
  const value = minimumDetectableDifference({ standardError, df: difference.df, alpha });
  return { difference: value, basis: 'assumed' as const, smallestP };
}
