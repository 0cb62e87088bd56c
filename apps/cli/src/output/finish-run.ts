import { join } from 'node:path';
import {
  type CaseResult,
  consoleReporter,
  type ModelCalls,
  type Pack,
  type PriceLookup,
  policyResolver,
  type RepeatPolicy,
  type RunResult,
  reduceEpochs,
  repeatReporter,
  runPolicy,
} from '@evalpacks/core';
import type { CommandIo } from '../commands/eval.ts';
import type { EvalOptions } from '../commands/eval-options.ts';
import { modelCallsRow, passRateRow } from './call-counts.ts';
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
    repeatSummary: (policy: RepeatPolicy, ...args: Parameters<ReturnType<typeof repeatReporter>['summary']>) =>
      repeatReporter({ write, color, policy, priceOf }).summary(...args),
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
 * returns the exit code: 0 when every case passed (over epochs: under its repeat policy), or when
 * --min-pass-rate is given and met; else 1. Cases a budget left out were not shown to pass: exit 1.
 */
export async function finishRun(finish: FinishOptions): Promise<number> {
  const { run, pack, epochs, options, output, io } = finish;
  const rows = finish.calls ? [modelCallsRow(finish.calls, finish.samplesUsed)] : [];
  const tallies =
    epochs > 1 ? reduceEpochs(run.cases, policyResolver({ cli: options.policy, pack: pack.repeatPolicy })) : undefined;
  const outcomes = tallies ?? run.cases;
  const passed = outcomes.filter((outcome) => outcome.status === 'passed').length;
  const gate =
    options.minPassRate === undefined ? undefined : passRateRow(passed, outcomes.length, options.minPassRate);
  if (gate) rows.push(gate.row);
  if (tallies) output.repeatSummary(runPolicy({ cli: options.policy, pack: pack.repeatPolicy }), run, tallies, rows);
  else output.summary(run, rows);
  const dir = options.out ?? join(finish.storePath, '..', 'reports', `run-${finish.runId}`);
  for (const path of await writeFileReports(options.reporter, run, dir, finish.runId)) io.write(`report ${path}\n`);
  const met = gate ? gate.ok : passed === outcomes.length;
  return met && !run.notStarted ? 0 : 1;
}
