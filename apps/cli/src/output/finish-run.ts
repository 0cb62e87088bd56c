import { join } from 'node:path';
import type { CaseResult, Pack, RunResult } from '@evalpacks/core';
import { gradeRun, runPolicy } from '@evalpacks/core/grade';
import { consoleReporter, type PriceLookup, repeatReporter } from '@evalpacks/core/report';
import type { ModelCalls } from '@evalpacks/core/runner';
import type { CommandIo } from '../commands/eval.ts';
import type { EvalOptions } from '../commands/eval-options.ts';
import { modelCallsRow } from './call-counts.ts';
import { writeFileReports } from './file-reports.ts';

/** The console reporter when chosen (it is by default), else silence; file reporters run at the end. */
export function consoleOutput(options: EvalOptions, io: CommandIo, epochs: number, priceOf?: PriceLookup) {
  const enabled = options.reporter.includes('console');
  const write = enabled ? io.write : () => {};
  const color = options.color && io.isTTY && !options.ci;
  const reporter = consoleReporter({ write, color, epochs, priceOf });
  return {
    text: write,
    line: (text: string) => write(`${text}\n`),
    caseResult: (result: CaseResult) => reporter.caseResult(result),
    summary: reporter.summary,
    repeatSummary: repeatReporter({ write, color, priceOf }).summary,
  };
}
export type ConsoleOutput = ReturnType<typeof consoleOutput>;

/** " · 3 epochs · policy majority" for the header of a repeated run. */
export function repeatsLabel(options: EvalOptions, pack: Pack, epochs: number): string {
  return epochs > 1
    ? ` · ${epochs} epochs · policy ${runPolicy({ cli: options.policy, pack: pack.repeatPolicy })}`
    : '';
}

export interface FinishOptions {
  run: RunResult;
  pack: Pack;
  epochs: number;
  runId: number;
  storePath: string;
  options: EvalOptions;
  output: ConsoleOutput;
  io: CommandIo;
  /** The calls this process made; a merge of shards made none and shows no such row. */
  calls?: ModelCalls;
  samplesUsed?: number;
}

/**
 * Prints the summary (with what the run paid for and the pass-rate gate), writes the file reports and
 * returns the exit code gradeRun decides: 0 when every case passed (over epochs: under its repeat policy),
 * or when --min-pass-rate is given and met; else 1. Cases a budget left out were not shown to pass: exit 1.
 */
export async function finishRun(finish: FinishOptions): Promise<number> {
  const { run, pack, epochs, options, output, io } = finish;
  const rows = finish.calls ? [modelCallsRow(finish.calls, finish.samplesUsed)] : [];
  const grading = {
    policy: runPolicy({ cli: options.policy, pack: pack.repeatPolicy }),
    minPassRate: options.minPassRate,
  };
  if (epochs > 1) output.repeatSummary(run, rows, grading);
  else output.summary(run, rows, grading);
  const dir = options.out ?? join(finish.storePath, '..', 'reports', `run-${finish.runId}`);
  const written = await writeFileReports(options.reporter, run, dir, finish.runId, grading);
  for (const path of written) io.write(`report ${path}\n`);
  return gradeRun(run, grading).exitCode;
}
