import type { RunResult } from '../schema/result.ts';
import { summarizeRun } from './summary.ts';

export interface JsonReportOptions {
  runId?: string;
}

/** The full run result as JSON (it parses back with RunResultSchema), with its summary and store id. */
export function jsonReport(run: RunResult, options: JsonReportOptions = {}): string {
  const report = { ...(options.runId ? { runId: options.runId } : {}), summary: summarizeRun(run), ...run };
  return `${JSON.stringify(report, null, 2)}\n`;
}
