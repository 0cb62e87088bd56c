import { printComparison } from '@evalpacks/core/report';
import { type Comparison, compareRuns } from '@evalpacks/core/stats';
import { type GradeTallies, gradedNowNote, type RunRecord, type ShownGrade } from '@evalpacks/store';

export interface StoredComparison {
  comparison: Comparison;
  /** The overall block exactly as `pnpm compare` prints it (its per-case blocks are shown as a table instead). */
  overall: string;
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

/** Two stored runs of one pack compared by core, each side by the case tallies of the grade it finished with. */
export function compareStored(baseline: GradedSide, variant: GradedSide): StoredComparison {
  const comparison = compareRuns(baseline[1].grade.cases, variant[1].grade.cases);
  let text = '';
  printComparison(comparison, {
    write: (chunk) => {
      text += chunk;
    },
    color: false,
    labels: [`#${baseline[0].id} ${baseline[0].variant}`, `#${variant[0].id} ${variant[0].variant}`],
    cases: false,
  });
  const notes = [baseline, variant].flatMap(([run, shown]) => (shown.now ? [gradedNowNote(run.id, shown.now)] : []));
  return { comparison, overall: text.trimEnd(), notes };
}
