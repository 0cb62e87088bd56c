import { gradeRun } from '../grade/grade-run.ts';
import type { RunGrade } from '../grade/grade-schema.ts';
import type { CaseResult, RunResult } from '../schema/result.ts';

/** A run's own facts: what it ran on and when, without its results. */
export type RunFacts = Omit<RunResult, 'cases'>;

/**
 * What a file reporter reads: the run's facts, its grade (every count, status and suggestion a report
 * prints comes from it) and its whole results, read once, one at a time in the run's order, so a report on
 * 30,000 results never holds them all and several reports share one read of the store.
 */
export interface ReportSource {
  run: RunFacts;
  grade: RunGrade;
  results(): Iterable<CaseResult>;
  /**
   * Each result's text in results.json (resultJsonText, as UTF-8 bytes or a string), in the order of
   * results(), where the source keeps it (a store saves it with each result): results.json copies it
   * instead of reading the results back and writing them out again.
   */
  resultTexts?(): Iterable<string | Uint8Array>;
  /** The results without their answers, in the order of results(): all the Markdown report reads. */
  outcomes?(): Iterable<CaseOutcome>;
}

/** What a report shows of a case result beside its answer and tokens. */
export type CaseOutcome = Pick<CaseResult, 'case' | 'epoch' | 'status' | 'checks' | 'verdicts' | 'reasons'>;

/**
 * A run held whole in memory as a report source, with its grade; a run never graded (one made in code, a
 * test's) is graded here under the default policy.
 */
export function wholeRunSource(run: RunResult, grade: RunGrade = gradeRun(run)): ReportSource {
  const { cases, ...facts } = run;
  return { run: facts, grade, results: () => cases };
}

/** The text a reporter's parts make. */
export function joinParts(parts: Iterable<string | Uint8Array>): string {
  let text = '';
  for (const part of parts) text += typeof part === 'string' ? part : new TextDecoder().decode(part);
  return text;
}
