import { join } from 'node:path';
import {
  type AdaptiveConcurrency,
  type CaseResult,
  consoleReporter,
  type ModelCalls,
  type PriceLookup,
  type RepeatPolicy,
  type RunResult,
  reduceEpochs,
  repeatReporter,
} from '@evalpacks/core';
import type { PlanPolicy, ReportPlan } from '../run/plan.ts';
import { concurrencyRow, flakyLimitRow, modelCallsRow, passRateRow } from './call-counts.ts';
import type { CommandIo } from './command-io.ts';
import { writeFileReports } from './file-reports.ts';

/** The console reporter when chosen (it is by default), else silence; file reporters run at the end. */
export function consoleOutput(report: ReportPlan, io: CommandIo, epochs: number, priceOf?: PriceLookup) {
  const write = report.console ? io.write : () => {};
  // --quiet keeps the summary only: the header and the case blocks go nowhere.
  const detail = report.quiet ? () => {} : write;
  const color = report.color && io.isTTY;
  const reporter = consoleReporter({ write, color, epochs, priceOf });
  return {
    text: detail,
    line: (text: string) => detail(`${text}\n`),
    caseResult: (result: CaseResult) => {
      if (!report.quiet) reporter.caseResult(result);
    },
    summary: reporter.summary,
    repeatSummary: (policy: RepeatPolicy, ...args: Parameters<ReturnType<typeof repeatReporter>['summary']>) =>
      repeatReporter({ write, color, policy, priceOf }).summary(...args),
  };
}
export type ConsoleOutput = ReturnType<typeof consoleOutput>;

/** " · 3 epochs · policy majority" for the header of a repeated run. */
export function repeatsLabel(policy: PlanPolicy, epochs: number): string {
  return epochs > 1 ? ` · ${epochs} epochs · policy ${policy.name}` : '';
}

export interface FinishOptions {
  run: RunResult;
  epochs: number;
  policy: PlanPolicy;
  report: ReportPlan;
  runId: number;
  storePath: string;
  output: ConsoleOutput;
  io: CommandIo;
  /** The calls this process made; a merge of shards made none and shows no such row. */
  calls?: ModelCalls;
  /** The pool's pace under throttling, shown when anything was throttled. */
  pace?: AdaptiveConcurrency;
  samplesUsed?: number;
}

/**
 * Prints the summary (with what the run paid for and the pass-rate gate), writes the file reports and
 * returns the exit code: 0 when every case passed (over epochs: under its repeat policy), or when
 * --min-pass-rate is given and met; else 1. Cases a budget left out were not shown to pass: exit 1. More
 * flaky items than --max-flaky: exit 1 whatever passed.
 */
export async function finishRun(finish: FinishOptions): Promise<number> {
  const { run, epochs, policy, report, output, io } = finish;
  const rows = finish.calls ? [modelCallsRow(finish.calls, finish.samplesUsed)] : [];
  const throttling = finish.pace && concurrencyRow(finish.pace.report());
  if (throttling) rows.push(throttling);
  const tallies = epochs > 1 ? reduceEpochs(run.cases, policy.of) : undefined;
  const outcomes = tallies ?? run.cases;
  const passed = outcomes.filter((outcome) => outcome.status === 'passed').length;
  const gate = report.minPassRate === undefined ? undefined : passRateRow(passed, outcomes.length, report.minPassRate);
  if (gate) rows.push(gate.row);
  const flaky = tallies?.flatMap((tally) => tally.items).filter((item) => item.flaky).length ?? 0;
  const flakyGate = report.maxFlaky === undefined ? undefined : flakyLimitRow(flaky, report.maxFlaky);
  if (flakyGate) rows.push(flakyGate.row);
  if (tallies) output.repeatSummary(policy.name, run, tallies, rows);
  else output.summary(run, rows);
  const dir = report.out ?? join(finish.storePath, '..', 'reports', `run-${finish.runId}`);
  for (const path of await writeFileReports(report.files, run, dir, finish.runId)) io.write(`report ${path}\n`);
  const met = (gate ? gate.ok : passed === outcomes.length) && (flakyGate?.ok ?? true);
  return met && !run.notStarted ? 0 : 1;
}
