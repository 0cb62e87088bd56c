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
}

/**
 * A run held whole in memory as a report source, with its grade; a run never graded (one made in code, a
 * test's) is graded here under the default policy.
 */
export function wholeRunSource(run: RunResult, grade: RunGrade = gradeRun(run)): ReportSource {
  const { cases, ...facts } = run;
  return { run: facts, grade, results: () => cases };
}

/** The text a reporter's parts make. */
export function joinParts(parts: Iterable<string>): string {
  let text = '';
  for (const part of parts) text += part;
  return text;
}
