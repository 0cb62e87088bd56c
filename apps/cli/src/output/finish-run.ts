import { join } from 'node:path';
import { type CaseResult, consoleReporter, type ModelCalls, type RunResult } from '@evalpacks/core';
import type { CommandIo } from '../commands/eval.ts';
import type { EvalOptions } from '../commands/eval-options.ts';
import { modelCallsRow, passRateRow } from './call-counts.ts';
import { writeFileReports } from './file-reports.ts';

/** The console reporter when chosen (it is by default), else silence; file reporters run at the end. */
export function consoleOutput(options: EvalOptions, io: CommandIo) {
  const enabled = options.reporter.includes('console');
  const write = enabled ? io.write : () => {};
  const reporter = consoleReporter({ write, color: options.color && io.isTTY && !options.ci });
  return {
    line: (text: string) => write(`${text}\n`),
    caseResult: (result: CaseResult) => reporter.caseResult(result),
    summary: reporter.summary,
  };
}
export type ConsoleOutput = ReturnType<typeof consoleOutput>;

export interface FinishOptions {
  run: RunResult;
  runId: number;
  storePath: string;
  options: EvalOptions;
  output: ConsoleOutput;
  io: CommandIo;
  calls: ModelCalls;
  samplesUsed?: number;
}

/**
 * Prints the summary (with what the run paid for and the pass-rate gate), writes the file reports and
 * returns the exit code: 0 when every result passed, or when --min-pass-rate is given and met; else 1.
 */
export async function finishRun({ run, runId, storePath, options, output, io, calls, samplesUsed }: FinishOptions) {
  const rows = [modelCallsRow(calls, samplesUsed)];
  const passed = run.cases.filter((result) => result.status === 'passed').length;
  const gate =
    options.minPassRate === undefined ? undefined : passRateRow(passed, run.cases.length, options.minPassRate);
  if (gate) rows.push(gate.row);
  output.summary(run, rows);
  const dir = options.out ?? join(storePath, '..', 'reports', `run-${runId}`);
  for (const path of await writeFileReports(options.reporter, run, dir, runId)) io.write(`report ${path}\n`);
  if (gate) return gate.ok ? 0 : 1;
  return passed === run.cases.length ? 0 : 1;
}
