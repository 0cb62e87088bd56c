import { type GradeOptions, gradeRun } from '../grade/grade-run.ts';
import type { RunResult } from '../schema/result.ts';
import { summarizeRun } from './summary.ts';

export interface JsonReportOptions {
  runId?: string;
  /** The run's settings for gradeRun. */
  grading?: GradeOptions;
}

/**
 * The full run result as JSON (it parses back with RunResultSchema), with its summary, its grade (the
 * pass/fail decision the console and the exit code rest on) and its store id.
 */
export function jsonReport(run: RunResult, options: JsonReportOptions = {}): string {
  const { passed, exitCode, policy, caseCounts, passRate, gate, notStarted } = gradeRun(run, options.grading);
  const grade = { passed, exitCode, policy, cases: caseCounts, passRate, ...(gate && { gate }), notStarted };
  const report = { ...(options.runId ? { runId: options.runId } : {}), summary: summarizeRun(run), grade, ...run };
  return `${JSON.stringify(report, null, 2)}\n`;
}
