import { join } from 'node:path';
import type { CaseResult } from '@evalpacks/core';
import type { GradableRun, RunGrade } from '@evalpacks/core/grade';
import { consoleReporter, type PriceLookup, type ReportSource, repeatReporter } from '@evalpacks/core/report';
import type { AdaptiveConcurrency, ModelCalls } from '@evalpacks/core/runner';
import type { PlanPolicy, ReportPlan } from '../run/plan.ts';
import { concurrencyRow, modelCallsRow } from './call-counts.ts';
import type { CommandIo } from './command-io.ts';
import { shortPath, writeFileReports } from './file-reports.ts';

/** The console reporter when chosen (it is by default), else silence; file reporters run at the end. */
export function consoleOutput(report: ReportPlan, io: CommandIo, epochs: number, priceOf?: PriceLookup) {
  const write = report.console ? io.write : () => {};
  // --quiet keeps the summary only: the header and the case blocks go nowhere.
  const detail = report.quiet ? () => {} : write;
  const color = report.color && io.isTTY;
  const lowConfidence = report.lowConfidence;
  const reporter = consoleReporter({
    write,
    color,
    epochs,
    priceOf,
    ...(lowConfidence !== undefined && { lowConfidence }),
  });
  return {
    text: detail,
    line: (text: string) => detail(`${text}\n`),
    caseResult: (result: CaseResult) => {
      if (!report.quiet) reporter.caseResult(result);
    },
    summary: reporter.summary,
    repeatSummary: repeatReporter({ write, color, priceOf }).summary,
  };
}
export type ConsoleOutput = ReturnType<typeof consoleOutput>;

/** " · 3 epochs · policy majority" for the header of a repeated run. */
export function repeatsLabel(policy: PlanPolicy, epochs: number): string {
  return epochs > 1 ? ` · ${epochs} epochs · policy ${policy.name}` : '';
}

export interface FinishOptions {
  /** The run, its cases as records (a live run) or whole results (a merge of shards). */
  run: GradableRun;
  /** Its grade, as the store keeps it with the run: what the summary, every file report and the exit code show. */
  grade: RunGrade;
  /** Its whole results in the run's order, read one at a time by the file reports. */
  results: () => Iterable<CaseResult>;
  /** What the store keeps to write some reports without reading whole results back (see ReportSource). */
  outcomes?: ReportSource['outcomes'];
  resultTexts?: ReportSource['resultTexts'];
  epochs: number;
  report: ReportPlan;
  runId: number;
  storePath: string;
  output: ConsoleOutput;
  io: CommandIo;
  /** The calls this process made; a merge of shards made none and shows no such row. */
  calls?: ModelCalls;
  /** The pool's pace under throttling, shown when anything was throttled. */
  pace?: AdaptiveConcurrency;
  /** The backends' own rows (which Ollama hosts served how many calls). */
  backendRows?: [string, string][];
  samplesUsed?: number;
  /** The run's record as results.json carries it (what a merge of shards checks). */
  record?: Record<string, unknown>;
}

/**
 * Prints the summary (with what the run paid for and the pass-rate gate), writes the file reports and
 * returns the exit code of the run's grade: 0 when every case passed (over epochs: under its repeat policy),
 * or when --min-pass-rate is given and met; else 1. Cases a budget left out were not shown to pass: exit 1.
 * More flaky items than --max-flaky: exit 1 whatever passed.
 */
export async function finishRun(finish: FinishOptions): Promise<number> {
  return (await finishGraded(finish)).grade.exitCode;
}

/**
 * finishRun, resolving to the one grade it printed and reported (the run's, as the store keeps it; its exit
 * code included) and the reports' absolute paths.
 */
export async function finishGraded(finish: FinishOptions): Promise<{ grade: RunGrade; reports: string[] }> {
  const { run, grade, epochs, report, output, io } = finish;
  const rows = finish.calls ? [modelCallsRow(finish.calls, finish.samplesUsed)] : [];
  const throttling = finish.pace && concurrencyRow(finish.pace.report());
  if (throttling) rows.push(throttling);
  rows.push(...(finish.backendRows ?? []));
  if (epochs > 1) output.repeatSummary(run, rows, grade);
  else output.summary(run, rows, grade);
  const dir = report.out ?? join(finish.storePath, '..', 'reports', `run-${finish.runId}`);
  const { cases: _cases, ...facts } = run;
  const { results, outcomes, resultTexts } = finish;
  const source = { run: facts, grade, results, ...(outcomes && { outcomes }), ...(resultTexts && { resultTexts }) };
  const written = await writeFileReports(report.files, source, dir, {
    runId: String(finish.runId),
    ...(finish.record && { record: finish.record }),
  });
  for (const path of written) io.write(`report ${shortPath(path)}\n`);
  return { grade, reports: written };
}
