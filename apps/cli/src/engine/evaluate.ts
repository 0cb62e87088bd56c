import type { Counts, RunGrade } from '@evalpacks/core/grade';
import { EvalStore } from '@evalpacks/store';
import type { z } from 'zod';
import { EvalOptionsSchema, parseEvalOptions } from '../options/eval-options.ts';
import type { CommandIo } from '../output/command-io.ts';
import { resolveStorePath } from '../persistence/store-path.ts';
import { planEval } from '../run/eval-plan.ts';
import { executePlan } from '../run/execute.ts';
import { planRejudge } from '../run/rejudge-plan.ts';
import { type EngineCall, engineCall } from './engine-call.ts';

/**
 * `evaluate()`'s options: the eval command's flags, named in camelCase and taking what the command line
 * takes (`--ollama-host URL` is `ollamaHost: 'URL'`, `--no-cache` is `cache: false`), with its defaults,
 * but `reporter`, which defaults to none (an API prints nothing unless asked); plus `io` and `onEvent`.
 */
export type EvaluateOptions = z.input<typeof EvalOptionsSchema> & EngineCall;

/** A finished run as the store holds it, with the grade its summary, reports and exit code came from. */
export interface EvalResult {
  runId: number;
  /** What `evalpacks eval` exits with: 0 passed, 1 a failure, an error, a case not started or a gate not met. */
  exitCode: 0 | 1;
  passed: boolean;
  /** The store the run is saved in, as an absolute path (what --store, $EVALPACKS_STORE or the default named). */
  storePath: string;
  /** Cases over their epochs, reduced by their repeat policy: what passed rests on. */
  cases: Counts;
  /** Passed cases over all cases (a structural-only case is no pass). */
  passRate: number;
  /** Case epochs a --max-cost budget left out. */
  notStarted: number;
  /** Items that flipped between epochs (with repeat > 1). */
  flaky: number;
  /** The whole grade: policy, per-case tallies, result counts, gates, suggestions. */
  grade: RunGrade;
  /** The file reports written (reporter json, junit, markdown, html), as absolute paths. */
  reports: string[];
}

/**
 * Runs one pack (or resumes or re-judges a stored run), prints what the console reporter prints to `io`,
 * and resolves to the stored run and its grade. The one implementation of `evalpacks eval` and `evaluate()`.
 */
export async function runEvaluation(raw: Record<string, unknown>, io: CommandIo): Promise<EvalResult> {
  const options = parseEvalOptions(raw);
  const store = EvalStore.open(resolveStorePath(options.store));
  try {
    const plan =
      options.rejudge !== undefined
        ? await planRejudge(options, options.rejudge, store)
        : await planEval(options, raw, store);
    const { runId, storePath, grade, reports } = await executePlan(plan, store, io);
    return {
      runId,
      exitCode: grade.exitCode,
      passed: grade.passed,
      storePath,
      cases: grade.caseCounts,
      passRate: grade.passRate,
      notStarted: grade.notStarted,
      flaky: grade.flaky,
      grade,
      reports,
    };
  } finally {
    store.close();
  }
}

/**
 * Evaluates a pack from code, as `evalpacks eval` does from the command line:
 * `await evaluate({ domain: 'code-review', ollamaHost: 'http://127.0.0.1:11434', store: 'runs.db' })`.
 * Rejects with an EvalpacksError (exitCode 2) where the command would exit 2, with the line it prints.
 */
export function evaluate(options: EvaluateOptions): Promise<EvalResult> {
  return engineCall(options, {
    shape: EvalOptionsSchema.in.shape,
    defaults: { reporter: [] },
    paths: ['pack', 'prompt', 'testCase', 'store', 'out'],
    run: runEvaluation,
  });
}
