import type { CaseResult, RunResult } from '../schema/result.ts';
import { type RunOptions, runPack } from './run-pack.ts';

/**
 * runPack keeping every whole result (transcripts, verdicts, reasoning), in the run's order: for a few
 * cases held in memory (a test, a script). A large run streams its results instead (runPack's
 * onCaseResult) and keeps only records.
 */
export async function collectRun(options: RunOptions): Promise<RunResult> {
  const results = new Map<string, CaseResult>();
  // Read once here: runPack reads it too, and an iterable may only go round once.
  const completed = [...(options.completed ?? [])];
  const run = await runPack({
    ...options,
    completed,
    onCaseResult: (result) => {
      results.set(`${result.case.id}#${result.epoch}`, result);
      options.onCaseResult?.(result);
    },
  });
  const earlier = new Map(completed.map((result) => [`${result.case.id}#${result.epoch}`, result]));
  const whole = (key: string) => results.get(key) ?? (earlier.get(key) as CaseResult);
  return { ...run, cases: run.cases.map((record) => whole(`${record.case.id}#${record.epoch}`)) };
}
