import { createColors } from 'picocolors';
import type { Comparison } from '../compare/compare-runs.ts';
import type { CaseComparison, PairedItem, SideCount } from '../compare/pair-cases.ts';
import type { ItemKind } from '../grade/item-outcomes.ts';
import type { ClusteredRate } from '../stats/clustered.ts';
import { correctedDifferenceHeading, correctedDifferenceRows, gatedVerdictWords } from './corrected-difference-rows.ts';
import { flagged, formatRate, percent, points } from './format-rate.ts';
import { visibleDeep } from './visible.ts';

export interface CompareReporterOptions {
  write: (text: string) => void;
  color: boolean;
  /** How each side is called in the output: the variant names, or the models when only those differ. */
  labels: [baseline: string, variant: string];
  /** false: the overall block only, for a page that shows the cases its own way (default true). */
  cases?: boolean;
}

export const CHANGE_WORDS: Record<ItemKind, [gained: string, lost: string]> = {
  finding: ['now caught', 'no longer caught'],
  check: ['now passing', 'now failing'],
  absent: ['no longer flagged', 'now flagged'],
  rubric: ['rubric now met', 'rubric no longer met'],
};

/** "0.0312", or "< 0.0001" where four decimals would print zero. */
export function formatP(p: number): string {
  return p < 0.0001 ? '< 0.0001' : `= ${p.toFixed(4)}`;
}

/** The fewest cases with which a sign-flip test can reach p < alpha. */
export function casesNeeded(alpha: number): number {
  return Math.ceil(Math.log2(2 / alpha) + 1e-9);
}

/** ": agent or judge errors in 3 of 3 variant cases", said after an inconclusive verdict. */
function erroredNote(comparison: Comparison): string {
  const { baseline, variant } = comparison.errored;
  const total = comparison.cases.length;
  const sides = [
    baseline > 0 && `${baseline} of ${total} baseline cases`,
    variant > 0 && `${variant} of ${total} variant cases`,
  ].filter(Boolean);
  return sides.length ? `: agent or judge errors in ${sides.join(' and ')}` : '';
}

const counted = (s: SideCount) => `${s.passed}/${s.total}`;
const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
const epochs = (item: PairedItem['baseline']) => `${item.passed}/${item.graded}`;

/**
 * Prints a comparison: each case side by side (unless `cases` is false), then the overall difference, its
 * tests and the verdict.
 */
export function printComparison(comparison: Comparison, options: CompareReporterOptions): void {
  const c = createColors(options.color);
  const out = (line = '') => options.write(`${line}\n`);
  const row = (label: string, value: string) => out(`  ${label.padEnd(18)}${value}`);
  const [baselineLabel, variantLabel] = options.labels;

  function caseBlock(received: CaseComparison): void {
    // Only the cases carry text from a pack or a model; each is made visible as it is printed, so the
    // overall block alone (a viewer page over thousands of cases) copies none of them.
    const item = visibleDeep(received);
    out(`${c.bold(`━━ ${item.caseId}`)} ${c.dim(item.name)}`);
    if (item.structural[0].total + item.structural[1].total > 0) {
      row('structural', `${counted(item.structural[0])} -> ${counted(item.structural[1])}`);
    }
    if (item.findings[0].total + item.findings[1].total > 0) {
      row('findings', `${counted(item.findings[0])} -> ${counted(item.findings[1])}`);
    }
    row('false positives', `${item.falsePositives[0]} -> ${item.falsePositives[1]}`);
    for (const kind of Object.keys(CHANGE_WORDS) as ItemKind[]) {
      const [gainedWord, lostWord] = CHANGE_WORDS[kind];
      const list = (pairs: PairedItem[]) =>
        pairs
          .filter((p) => p.kind === kind)
          .map((p) => `${p.variant.label} (${epochs(p.baseline)} -> ${epochs(p.variant)})`);
      const gained = list(item.gained);
      const lost = list(item.lost);
      if (gained.length) row(gainedWord, c.green(gained.join(', ')));
      if (lost.length) row(lostWord, c.red(lost.join(', ')));
    }
    if (item.unpaired > 0)
      row('not compared', `${item.unpaired} item${item.unpaired === 1 ? '' : 's'} graded on one side only (errors)`);
    if (item.notJudged > 0) row('not judged', `${items(item.notJudged)} not judged on one side or both`);
    for (const line of item.errors[0]) row('baseline error', c.yellow(line));
    for (const line of item.errors[1]) row('variant error', c.yellow(line));
    out();
  }

  if (options.cases !== false) for (const item of comparison.cases) caseBlock(item);

  const { baseline: b, variant: v, difference: d } = comparison;
  const width = 40;
  const sides = (left: string, right: string) => `${left.padEnd(width)}${right}`;
  const rates = (label: string, left: ClusteredRate | undefined, right: ClusteredRate | undefined) => {
    if (!left && !right) return;
    row(label, sides(left ? formatRate(left) : 'n/a', right ? formatRate(right) : 'n/a'));
  };
  out(c.bold(`Overall over ${d.clusters} cases, ${d.items} paired items`));
  out(c.dim("  rates count every epoch's grading; 95% Wilson intervals clustered by case"));
  row('', c.dim(sides(baselineLabel, variantLabel)));
  if (b.structural.samples.total + v.structural.samples.total > 0) {
    rates('structural', b.structural.samples, v.structural.samples);
  }
  if (b.findings.samples.total + v.findings.samples.total > 0) {
    rates('recall', b.recall, v.recall);
    rates('precision', b.precision, v.precision);
  }
  if (b.absent.samples.total + v.absent.samples.total > 0) {
    rates('false positives', flagged(b.absent.samples), flagged(v.absent.samples));
  }
  rates('all items', b.items, v.items);
  if (b.flaky + v.flaky > 0) row('flaky items', sides(String(b.flaky), String(v.flaky)));
  out();
  if (comparison.corrected) {
    out(c.bold(correctedDifferenceHeading(comparison.corrected)));
    for (const [label, value] of correctedDifferenceRows(comparison.corrected)) row(label, value);
    out();
  }

  const interval =
    d.df > 0 ? `95% CI ${points(d.lower)} to ${points(d.upper)} points` : 'no interval from a single case';
  if (d.clusters === 0) row('difference', 'none measured: no item was graded on both sides');
  else row('difference', `${points(d.mean)} points (${interval}; paired per item, clustered by case)`);
  const p = comparison.permutation;
  const how = p.method === 'exact' ? `exact, ${p.draws} sign assignments` : `Monte Carlo, ${p.draws} draws`;
  row('permutation test', `p ${formatP(p.pValue)} over cases (${how})`);
  const m = comparison.mcnemar;
  row('exact McNemar', `p ${formatP(m.pValue)} over items (${m.gained} gained, ${m.lost} lost)`);
  const passK = comparison.passK;
  if (passK) {
    const k = `pass^${passK.k}`;
    const pd = passK.difference;
    const ci =
      pd.df > 0 ? `95% CI ${points(pd.lower)} to ${points(pd.upper)} points` : 'no interval from a single case';
    row(k, sides(percent(passK.baseline), percent(passK.variant)) + ` over ${passK.cases} paired cases`);
    row(
      `${k} change`,
      passK.cases === 0
        ? `none measured: no case had ${passK.k} graded epochs on both sides`
        : `${points(pd.mean)} points (${ci}; paired per case) · permutation p ${formatP(passK.permutation.pValue)}`,
    );
  }
  const paint = comparison.verdict === 'better' ? c.green : comparison.verdict === 'worse' ? c.red : c.yellow;
  const gated = gatedVerdictWords(comparison);
  const on = gated ? ` ${gated}` : passK ? ` on pass^${passK.k}, the pack's headline` : '';
  row('verdict', paint(c.bold(comparison.verdict)) + on + erroredNote(comparison));
  const alpha = comparison.alpha;
  const power = comparison.detectable;
  if (!Number.isFinite(power.difference)) {
    row(
      'detectable',
      `nothing: with ${d.clusters} cases no difference can reach p < ${alpha} (smallest possible p ${formatP(power.smallestP)}); use at least ${casesNeeded(alpha)} cases`,
    );
  } else {
    const assumed = power.basis === 'assumed' ? ' (no item changed, so this assumes independent items)' : '';
    row(
      'detectable',
      `±${points(Math.min(1, power.difference)).slice(1)} points or more at 80% power with ${d.clusters} cases${assumed}`,
    );
  }
  if (comparison.notJudgedItems > 0) {
    row(
      'not judged',
      `${items(comparison.notJudgedItems)} not judged on one side or both: left out, as no verdict can be compared`,
    );
  }
  if (comparison.unpairedItems > 0) {
    row(
      'not compared',
      `${comparison.unpairedItems} item${comparison.unpairedItems === 1 ? '' : 's'} graded on one side only (judge or agent errors)`,
    );
  }
}
