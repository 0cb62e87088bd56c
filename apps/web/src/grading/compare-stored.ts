import type { CaseResult } from '@evalpacks/core';
import { gradeRun } from '@evalpacks/core/grade';
import { printComparison } from '@evalpacks/core/report';
import { type Comparison, compareRuns } from '@evalpacks/core/stats';
import type { RunRecord } from '@evalpacks/store';
import { runResultOf, storedPolicy } from './run-summary.ts';

export interface StoredComparison {
  comparison: Comparison;
  /** The overall block exactly as `pnpm compare` prints it (its per-case blocks are shown as a table instead). */
  overall: string;
}

/** Two stored runs of one pack compared by core, each side reduced by the repeat policy it ran under. */
export function compareStored(sides: [RunRecord, CaseResult[]], against: [RunRecord, CaseResult[]]): StoredComparison {
  const tallies = ([run, results]: [RunRecord, CaseResult[]]) =>
    gradeRun(runResultOf(run, results), { policy: storedPolicy(run) }).cases;
  const comparison = compareRuns(tallies(sides), tallies(against));
  let text = '';
  printComparison(comparison, {
    write: (chunk) => {
      text += chunk;
    },
    color: false,
    labels: [`#${sides[0].id} ${sides[0].variant}`, `#${against[0].id} ${against[0].variant}`],
  });
  const at = text.indexOf('Overall over');
  return { comparison, overall: (at < 0 ? text : text.slice(at)).trimEnd() };
}
