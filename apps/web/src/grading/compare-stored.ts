import { type CorrectedFigures, comparisonExitCode } from '@evalpacks/core/grade';
import { comparisonDocument } from '@evalpacks/core/report';
import { type ComparedRun, type Comparison, type ComparisonDocument, compareRuns } from '@evalpacks/core/stats';
import { type GradeTallies, gradedNowNote, type RunRecord, type ShownGrade } from '@evalpacks/store';

export interface StoredComparison {
  comparison: Comparison;
  /** The comparison as `pnpm compare --reporter json` writes it: what the page's figures are drawn from. */
  document: ComparisonDocument;
  /** For a side with no stored grade: that it was graded now, and under what. */
  notes: string[];
}

/** A run and the tallies of the grade it finished with (or of one made now): all a comparison reads. */
export type GradedSide = [RunRecord, ShownGrade<GradeTallies>];

/**
 * Why two grades cannot be compared, or undefined: a comparison reads each side's verdicts under its
 * policy, and a stored grade is never made again under another, so two policies make no pair.
 */
export function unpaired([left, a]: GradedSide, [right, b]: GradedSide): string | undefined {
  if (a.grade.policy === b.grade.policy) return undefined;
  return (
    `run #${left.id} was graded under ${a.grade.policy} and run #${right.id} under ${b.grade.policy}: ` +
    'a stored grade is never made again under other rules, so compare them live (pnpm compare --policy P)'
  );
}

/** A side's run as the comparison names it (as `pnpm compare --runs` does, labelled by its number). */
function comparedRun(run: RunRecord): ComparedRun {
  const tag = (run.config as { tag?: unknown } | undefined)?.tag;
  return {
    id: run.id,
    variant: run.variant,
    promptHash: run.promptHash,
    agent: { backend: run.agent.backend, model: run.agent.model },
    label: `#${run.id} ${run.variant}`,
    ...(typeof tag === 'string' && { tag }),
    ...(run.gitCommit && { gitCommit: run.gitCommit }),
    startedAt: run.startedAt,
    ...(run.finishedAt && { finishedAt: run.finishedAt }),
  };
}

/**
 * Two stored runs of one pack compared by core, each side by the case tallies of the grade it finished
 * with, as the comparison document every compare report renders. `corrected` is each side's stored
 * judge-corrected figures, drawn beside the raw rates, whose labels give the corrected differences.
 */
export function compareStored(
  baseline: GradedSide,
  variant: GradedSide,
  corrected: (CorrectedFigures | undefined)[] = [],
): StoredComparison {
  // The corrected differences are core's, made here from the labels each side's grade used.
  const calibration = {
    ...(corrected[0] && { baseline: corrected[0] }),
    ...(corrected[1] && { variant: corrected[1] }),
  };
  const comparison = compareRuns(baseline[1].grade.cases, variant[1].grade.cases, { calibration });
  const [left, right] = [baseline[0], variant[0]];
  const split = (left.config as { split?: unknown } | undefined)?.split;
  const document = comparisonDocument(comparison, {
    pack: left.pack,
    split: typeof split === 'string' ? split : 'all',
    epochs: Math.max(left.epochs, right.epochs),
    policy: baseline[1].grade.policy,
    ...(left.judge && { judge: left.judge }),
    baseline: {
      run: comparedRun(left),
      tallies: baseline[1].grade.cases,
      ...(corrected[0] && { corrected: corrected[0] }),
    },
    variant: {
      run: comparedRun(right),
      tallies: variant[1].grade.cases,
      ...(corrected[1] && { corrected: corrected[1] }),
    },
    exitCode: comparisonExitCode(comparison.verdict),
  });
  const notes = [baseline, variant].flatMap(([run, shown]) => (shown.now ? [gradedNowNote(run.id, shown.now)] : []));
  return { comparison, document, notes };
}
