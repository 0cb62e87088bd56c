import {
  type CaseResult,
  type Comparison,
  compareRuns,
  policyResolver,
  printComparison,
  reduceEpochs,
} from '@evalpacks/core';
import type { RunRecord } from '@evalpacks/store';
import { storedPolicy } from './run-summary.ts';

export interface StoredComparison {
  comparison: Comparison;
  /** The overall block exactly as `pnpm compare` prints it (its per-case blocks are shown as a table instead). */
  overall: string;
}

/** Two stored runs of one pack compared by core, each side reduced by the repeat policy it ran under. */
export function compareStored(sides: [RunRecord, CaseResult[]], against: [RunRecord, CaseResult[]]): StoredComparison {
  const tallies = ([run, results]: [RunRecord, CaseResult[]]) =>
    reduceEpochs(results, policyResolver({ cli: storedPolicy(run) }));
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
