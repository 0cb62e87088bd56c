import { describeItem } from '../grade/describe-item.ts';
import type { CaseResult } from '../schema/result.ts';
import type { Verdict } from '../schema/verdict.ts';
import { lowConfidenceNote } from './confidence-words.ts';

/** The verdict's label as people read it in every report: CAUGHT, MISSED, FALSE POSITIVE, ... */
export function verdictLabel(verdict: Verdict): string {
  if (verdict.status === 'error') return 'JUDGE ERROR';
  if (verdict.status === 'skipped') return 'NOT JUDGED';
  if (verdict.kind === 'finding') return verdict.passed ? 'CAUGHT' : 'MISSED';
  if (verdict.kind === 'absent') return verdict.passed ? 'NOT FLAGGED' : 'FALSE POSITIVE';
  return verdict.passed ? 'RUBRIC MET' : 'RUBRIC FAILED';
}

/** One line per verdict: label, item, and the judge's reasoning (or its error, or why it was skipped). */
export function verdictLines(result: Pick<CaseResult, 'case' | 'verdicts'>, lowConfidence?: number): string[] {
  return result.verdicts.map((verdict) => {
    const item = verdict.kind === 'finding' ? verdict.itemId : describeItem(result.case, verdict);
    const why =
      verdict.status === 'ok' ? verdict.reasoning : verdict.status === 'error' ? verdict.error : verdict.reason;
    const unsure = lowConfidenceNote(verdict, lowConfidence);
    return `${verdictLabel(verdict)} ${item}${unsure ? ` [${unsure}]` : ''}: ${why}`;
  });
}

/** Counts a report shows per case. */
export function caseCounts(result: Pick<CaseResult, 'checks' | 'verdicts'>) {
  const findings = result.verdicts.filter((verdict) => verdict.kind === 'finding');
  return {
    structural: { passed: result.checks.filter((check) => check.passed).length, total: result.checks.length },
    findings: {
      passed: findings.filter((verdict) => verdict.status === 'ok' && verdict.passed).length,
      total: findings.length,
    },
    falsePositives: result.verdicts.filter((v) => v.kind === 'absent' && v.status === 'ok' && !v.passed).length,
  };
}

/** The case's name in reports: its id, with the epoch when the run repeats cases. */
export function caseLabel(result: Pick<CaseResult, 'case' | 'epoch'>, epochs: number): string {
  return epochs > 1 ? `${result.case.id} [epoch ${result.epoch + 1}/${epochs}]` : result.case.id;
}

/** How many epochs a run holds, read from its results. */
export function epochsOf(results: readonly { epoch: number }[]): number {
  return results.reduce((max, result) => Math.max(max, result.epoch + 1), 1);
}
