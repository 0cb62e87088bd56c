import type { GradableRun } from '../grade/case-record.ts';
import type { CaseResult, RunResult } from '../schema/result.ts';

/**
 * What a file reporter reads: the run with its cases as records (enough for its counts, grade and
 * summary) and its whole results, read one at a time in the run's order, so a report on 30,000 results
 * never holds them all. `results` may be called more than once (a report that makes two passes).
 */
export interface ReportSource {
  run: GradableRun;
  results(): Iterable<CaseResult>;
}

/** A run held whole in memory as a report source. */
export function wholeRunSource(run: RunResult): ReportSource {
  return { run, results: () => run.cases };
}

/** The text a reporter's parts make. */
export function joinParts(parts: Iterable<string>): string {
  let text = '';
  for (const part of parts) text += part;
  return text;
}
