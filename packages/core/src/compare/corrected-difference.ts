/**
 * compare's judge-corrected differences (issue 26): for each judged kind the two sides paired on (findings,
 * bait items), the raw difference of their rates beside the difference of their Rogan-Gladen corrected rates,
 * with paired-bootstrap intervals (correction-bootstrap.ts), and what those corrected differences conclude
 * (compare's verdict under --gate corrected). Computed once, here; every compare surface reads it.
 */

import type { CorrectedFigures, JudgeIdentity, LabelConfusion } from '../schema/corrected.ts';
import type { CorrectedDifferences, KindDifference } from '../schema/corrected-difference.ts';
import { correctedRate } from '../stats/corrected-rate.ts';
import { correctionBootstrap, type PairedCaseCounts, type SideCounts } from '../stats/correction-bootstrap.ts';
import { smallestPermutationP } from '../stats/permutation.ts';
import type { CaseComparison } from './pair-cases.ts';

/** Replicates of the bootstrap: 2,000 puts a 95% percentile bound within about a point of its limit. */
export const CORRECTION_REPLICATES = 2000;

export type CorrectedKind = 'findings' | 'absent';
/** What each kind is called wherever a corrected difference is shown. */
export const CORRECTED_KIND_NAMES: Record<CorrectedKind, string> = { findings: 'recall', absent: 'bait avoided' };

const ITEM_KIND = { findings: 'finding', absent: 'absent' } as const;

const sameJudge = (a: JudgeIdentity, b: JudgeIdentity) => a.model === b.model && a.promptVersion === b.promptVersion;
const sameLabels = (a: LabelConfusion, b: LabelConfusion) =>
  a.truePositive === b.truePositive &&
  a.falseNegative === b.falseNegative &&
  a.trueNegative === b.trueNegative &&
  a.falsePositive === b.falsePositive;
const judgeName = (judge: JudgeIdentity) => `${judge.model} · ${judge.promptVersion ?? 'prompt version unknown'}`;
const labelTotal = (l: LabelConfusion) => l.truePositive + l.falseNegative + l.trueNegative + l.falsePositive;
/** The labels behind a corrected figure, in the verdict's words: "20 labels", or each side's when they differ. */
const labelsBehind = ({ baseline, variant }: { baseline: LabelConfusion; variant: LabelConfusion }) =>
  sameLabels(baseline, variant)
    ? `${labelTotal(baseline)} labels`
    : `baseline ${labelTotal(baseline)}, variant ${labelTotal(variant)} labels`;
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(Math.round(x * 1000) / 10).toFixed(1)}`;

/** Each case's paired items of one kind, summed over the epochs each side graded: the bootstrap's units. */
function pairedCounts(cases: readonly CaseComparison[], kind: CorrectedKind): PairedCaseCounts[] {
  const counts: PairedCaseCounts[] = [];
  for (const item of cases) {
    const paired = item.paired.filter((p) => p.kind === ITEM_KIND[kind]);
    if (paired.length === 0) continue;
    const sum = (side: 'baseline' | 'variant'): SideCounts => ({
      passed: paired.reduce((total, p) => total + p[side].passed, 0),
      total: paired.reduce((total, p) => total + p[side].graded, 0),
    });
    counts.push({ baseline: sum('baseline'), variant: sum('variant') });
  }
  return counts;
}

interface Settings {
  seed: number;
  level: number;
  replicates: number;
  shared: boolean;
}

function kindDifference(
  counts: PairedCaseCounts[],
  labels: { baseline: LabelConfusion; variant: LabelConfusion },
  settings: Settings,
): KindDifference {
  const add = (side: 'baseline' | 'variant') => ({
    passed: counts.reduce((total, c) => total + c[side].passed, 0),
    total: counts.reduce((total, c) => total + c[side].total, 0),
  });
  const items = { baseline: add('baseline'), variant: add('variant') };
  const boot = correctionBootstrap(counts, labels, {
    replicates: settings.replicates,
    seed: settings.seed,
    level: settings.level,
    labels: settings.shared ? 'shared' : 'independent',
  });
  const rate = (s: SideCounts) => s.passed / s.total;
  const common = {
    items,
    cases: counts.length,
    raw: { estimate: rate(items.variant) - rate(items.baseline), ...boot.raw },
    labels,
  };
  // The single-run rule (corrected-rate.ts) decides whether each side can be corrected at all.
  const sides = [correctedRate(items.baseline, labels.baseline), correctedRate(items.variant, labels.variant)];
  const [b, v] = sides;
  if (b?.status !== 'corrected' || v?.status !== 'corrected') {
    const index = b?.status !== 'corrected' ? 0 : 1;
    const failed = sides[index];
    const status = failed?.status === 'near-chance' ? 'near-chance' : 'too-few-labels';
    const reason = failed && 'reason' in failed ? failed.reason : 'not corrected';
    return {
      status,
      ...common,
      reason: settings.shared ? reason : `${index === 0 ? 'baseline' : 'variant'}: ${reason}`,
    };
  }
  if (!Number.isFinite(boot.corrected.lower) || !Number.isFinite(boot.corrected.upper)) {
    // Every replicate's labels left TPR + TNR − 1 ≤ 0: no interval, so no figure (JSON has no NaN either).
    const reason = `not corrected: every one of ${settings.replicates} resampled label sets gave TPR + TNR − 1 ≤ 0`;
    return { status: 'near-chance', ...common, reason };
  }
  return {
    status: 'corrected',
    ...common,
    corrected: { estimate: v.estimate - b.estimate, ...boot.corrected },
    undefinedReplicates: boot.undefinedReplicates,
  };
}

/** What the corrected differences conclude: the verdict compare gives with --gate corrected. */
function verdictOf(
  kinds: [CorrectedKind, KindDifference][],
  errored: boolean,
  alpha: number,
): Pick<CorrectedDifferences, 'verdict' | 'verdictReason'> {
  if (errored) return { verdict: 'inconclusive', verdictReason: 'agent or judge errors on a side' };
  const corrected = kinds.filter(([, k]) => k.status === 'corrected');
  if (corrected.length === 0) {
    const why = kinds.map(([kind, k]) => `${CORRECTED_KIND_NAMES[kind]} ${'reason' in k ? k.reason : ''}`);
    return {
      verdict: 'inconclusive',
      verdictReason: `no corrected difference${why.length ? `: ${why.join('; ')}` : ''}`,
    };
  }
  const words = corrected.map(([kind, k]) =>
    k.status === 'corrected'
      ? `${CORRECTED_KIND_NAMES[kind]} ${signed(k.corrected.estimate)} points (CI ${signed(k.corrected.lower)} to ${signed(k.corrected.upper)}, ${labelsBehind(k.labels)})`
      : '',
  );
  // As the raw verdict, never from fewer cases than a sign-flip test over them could ever call significant.
  const fewest = Math.min(...corrected.map(([, k]) => k.cases));
  if (smallestPermutationP(fewest) >= alpha) {
    return {
      verdict: 'no detectable difference',
      verdictReason: `${fewest} cases are too few to tell any difference apart (${words.join(', ')})`,
    };
  }
  const below = corrected.some(([, k]) => k.status === 'corrected' && k.corrected.upper < 0);
  const above = corrected.some(([, k]) => k.status === 'corrected' && k.corrected.lower > 0);
  // A kind detectably worse makes the variant worse, whatever another kind gained.
  const verdict = below ? 'worse' : above ? 'better' : 'no detectable difference';
  return { verdict, verdictReason: words.join(', ') };
}

export interface CorrectedDifferenceOptions {
  seed: number;
  alpha: number;
  errored: boolean;
  replicates?: number;
}

/**
 * The corrected differences of a comparison, from each side's stored corrected figures (the labels its grade
 * used); undefined when a side was graded without labels, or neither side's grade used a label of its judge.
 */
export function correctedDifferences(
  cases: readonly CaseComparison[],
  calibration: { baseline?: CorrectedFigures; variant?: CorrectedFigures },
  options: CorrectedDifferenceOptions,
): CorrectedDifferences | undefined {
  const { baseline, variant } = calibration;
  // As the summaries: a pair whose labels are all another judge's (or none) shows no corrected block.
  if (!baseline || !variant || baseline.used + variant.used === 0) return undefined;
  const judgesMatch = sameJudge(baseline.judge, variant.judge);
  const labelsMatch =
    sameLabels(baseline.findings.labels, variant.findings.labels) &&
    sameLabels(baseline.absent.labels, variant.absent.labels);
  const shared = judgesMatch && labelsMatch;
  const note = !judgesMatch
    ? `the sides ran different judges (baseline ${judgeName(baseline.judge)}, variant ${judgeName(variant.judge)}): each side is corrected with its own labels, resampled independently`
    : !labelsMatch
      ? `the same judge's labels differ between the sides' grades (baseline ${labelTotal(baseline.findings.labels) + labelTotal(baseline.absent.labels)}, variant ${labelTotal(variant.findings.labels) + labelTotal(variant.absent.labels)}): each side's labels resampled independently`
      : undefined;
  const settings: Settings = {
    seed: options.seed,
    level: 1 - options.alpha,
    replicates: options.replicates ?? CORRECTION_REPLICATES,
    shared,
  };
  const kinds: [CorrectedKind, KindDifference][] = [];
  for (const kind of ['findings', 'absent'] as const) {
    const counts = pairedCounts(cases, kind);
    if (counts.length === 0) continue;
    const labels = { baseline: baseline[kind].labels, variant: variant[kind].labels };
    kinds.push([kind, kindDifference(counts, labels, settings)]);
  }
  return {
    method: 'paired-bootstrap',
    replicates: settings.replicates,
    seed: settings.seed,
    level: settings.level,
    labelResampling: shared ? 'shared' : 'independent',
    ...(note && { note }),
    judges: { baseline: baseline.judge, variant: variant.judge },
    ...Object.fromEntries(kinds),
    ...verdictOf(kinds, options.errored, options.alpha),
  };
}
