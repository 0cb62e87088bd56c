import type { Comparison, SideFigures } from '../compare/compare-runs.ts';
import type { ComparedRun, ComparisonDocument, ItemChange } from '../compare/comparison-schema.ts';
import type { CaseComparison, PairedItem } from '../compare/pair-cases.ts';
import type { CaseTally } from '../grade/grade-schema.ts';
import type { CorrectedFigures } from '../schema/corrected.ts';
import type { RepeatPolicy } from '../schema/repeat-policy.ts';
import type { ModelRef } from '../schema/result.ts';
import { CHANGE_WORDS } from './compare-console.ts';
import { flagged } from './format-rate.ts';

/** A side's run and tallies, and the judge-corrected figures its stored grade has (graded with labels). */
interface ComparedSide {
  run: ComparedRun;
  tallies: readonly CaseTally[];
  corrected?: CorrectedFigures;
}

/** What a comparison's figures alone do not hold: the pack, the runs of both sides and their tallies. */
export interface ComparisonFacts {
  pack: string;
  split: string;
  epochs: number;
  policy: RepeatPolicy;
  judge?: ModelRef;
  baseline: ComparedSide;
  variant: ComparedSide;
  exitCode: 0 | 1 | 2;
}

function figures(side: SideFigures): ComparisonDocument['baseline']['figures'] {
  return {
    structural: side.structural,
    findings: side.findings,
    absent: side.absent,
    recall: side.recall,
    ...(side.precision && { precision: side.precision }),
    falsePositives: flagged(side.absent.samples),
    items: side.items,
    flaky: side.flaky,
  };
}

function itemChange(pair: PairedItem, change: 'gained' | 'lost'): ItemChange {
  const [gainedWords, lostWords] = CHANGE_WORDS[pair.kind];
  return {
    key: pair.key,
    kind: pair.kind,
    label: pair.variant.label,
    change,
    words: change === 'gained' ? gainedWords : lostWords,
    baseline: { passed: pair.baseline.passed, graded: pair.baseline.graded },
    variant: { passed: pair.variant.passed, graded: pair.variant.graded },
  };
}

function caseChange(item: CaseComparison): ComparisonDocument['cases'][number] {
  const [gained, lost] = [item.gained.length > 0, item.lost.length > 0];
  const erred = item.errors[0].length + item.errors[1].length > 0;
  const outcome = gained && lost ? 'mixed' : lost ? 'regressed' : gained ? 'improved' : erred ? 'errors' : 'unchanged';
  return {
    caseId: item.caseId,
    name: item.name,
    outcome,
    structural: { baseline: item.structural[0], variant: item.structural[1] },
    findings: { baseline: item.findings[0], variant: item.findings[1] },
    falsePositives: { baseline: item.falsePositives[0], variant: item.falsePositives[1] },
    changes: [...item.gained.map((p) => itemChange(p, 'gained')), ...item.lost.map((p) => itemChange(p, 'lost'))],
    unpaired: item.unpaired,
    notJudged: item.notJudged,
    errors: { baseline: item.errors[0], variant: item.errors[1] },
  };
}

/** JSON has no Infinity or NaN: an interval a single case cannot give is null, said so in the schema. */
const finite = (value: number) => (Number.isFinite(value) ? value : null);

const flakyOf = (side: 'baseline' | 'variant', tallies: readonly CaseTally[]) =>
  tallies.flatMap((tally) =>
    tally.items
      .filter((item) => item.flaky)
      .map((item) => ({
        side,
        caseId: tally.case.id,
        key: item.key,
        label: item.label,
        passed: item.passed,
        graded: item.graded,
      })),
  );

function passKOf(passK: NonNullable<Comparison['passK']>): NonNullable<ComparisonDocument['passK']> {
  const { k, baseline, variant, difference: d, permutation, cases, unpaired } = passK;
  const difference = { mean: d.mean, lower: finite(d.lower), upper: finite(d.upper) };
  return { k, baseline, variant, difference, pValue: permutation.pValue, cases, unpaired };
}

/**
 * The comparison as the document every compare file report renders (see ComparisonSchema): the console's
 * figures, each side's run, and per case what changed. Nothing is graded again: the figures are the
 * comparison's, made from the grades both runs finished with.
 */
export function comparisonDocument(comparison: Comparison, facts: ComparisonFacts): ComparisonDocument {
  const { difference: d, detectable } = comparison;
  return {
    format: 'evalpacks-comparison/1',
    pack: facts.pack,
    split: facts.split,
    epochs: facts.epochs,
    policy: facts.policy,
    ...(facts.judge && { judge: { backend: facts.judge.backend, model: facts.judge.model } }),
    baseline: {
      run: facts.baseline.run,
      figures: figures(comparison.baseline),
      ...(facts.baseline.corrected && { corrected: facts.baseline.corrected }),
    },
    variant: {
      run: facts.variant.run,
      figures: figures(comparison.variant),
      ...(facts.variant.corrected && { corrected: facts.variant.corrected }),
    },
    cases: comparison.cases.map(caseChange),
    flakyItems: [...flakyOf('baseline', facts.baseline.tallies), ...flakyOf('variant', facts.variant.tallies)],
    difference: {
      mean: d.mean,
      lower: finite(d.lower),
      upper: finite(d.upper),
      standardError: finite(d.standardError),
      items: d.items,
      clusters: d.clusters,
      df: d.df,
    },
    permutation: { ...comparison.permutation },
    mcnemar: { ...comparison.mcnemar },
    verdict: comparison.verdict,
    detectable: {
      difference: Number.isFinite(detectable.difference) ? detectable.difference : null,
      basis: detectable.basis,
      smallestP: detectable.smallestP,
    },
    alpha: comparison.alpha,
    unpairedItems: comparison.unpairedItems,
    notJudgedItems: comparison.notJudgedItems,
    errored: { ...comparison.errored },
    ...(comparison.passK && { passK: passKOf(comparison.passK) }),
    ...(comparison.corrected && { corrected: comparison.corrected }),
    ...(comparison.gate && { gate: { ...comparison.gate } }),
    exitCode: facts.exitCode,
  };
}
