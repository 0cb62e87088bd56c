/**
 * The evalpacks engine, for code: what `evalpacks eval`, `compare` and `calibrate` do, called with the same
 * options (the flags in camelCase) and resolving to the stored runs and their grades. See docs/engine-api.md.
 *
 *   import { evaluate } from '@evalpacks/cli';
 *   const run = await evaluate({ domain: 'code-review', ollamaHost: 'http://127.0.0.1:11434' });
 *   if (!run.passed) process.exitCode = run.exitCode;
 *
 * Each function loads the engine when first called, as the CLI loads a command: importing this module
 * costs next to nothing.
 */
import type { CalibrateJudgeOptions, CalibrateResult } from './engine/calibrate.ts';
import type { CompareOptions, CompareResult } from './engine/compare.ts';
import type { EvalResult, EvaluateOptions } from './engine/evaluate.ts';

export type { Agreement, CalibratedJudge, JudgeComparison } from '@evalpacks/core/calibration';
export type { Counts, RunGrade, Suggestion } from '@evalpacks/core/grade';
export type { Comparison, ComparisonVerdict } from '@evalpacks/core/stats';
export type { CalibrateJudgeOptions as CalibrateOptions, CalibrateResult } from './engine/calibrate.ts';
export type { CompareOptions, CompareResult } from './engine/compare.ts';
export type { EngineCall, OutputTarget } from './engine/engine-call.ts';
export { EvalpacksError, type EvalpacksErrorKind } from './engine/evalpacks-error.ts';
export type { EvalResult, EvaluateOptions } from './engine/evaluate.ts';
export type { EngineEvent, Side } from './run/run-events.ts';

/** Runs a pack as `evalpacks eval` does; resolves to the stored run and its grade (see EvalResult). */
export async function evaluate(options: EvaluateOptions): Promise<EvalResult> {
  return (await import('./engine/evaluate.ts')).evaluate(options);
}

/** Compares a variant with a baseline as `evalpacks compare` does; resolves to the verdict (see CompareResult). */
export async function compare(options: CompareOptions): Promise<CompareResult> {
  return (await import('./engine/compare.ts')).compare(options);
}

/** Holds the judge against people's labels as `evalpacks calibrate` does; resolves to its agreement (see CalibrateResult). */
export async function calibrate(options: CalibrateJudgeOptions): Promise<CalibrateResult> {
  return (await import('./engine/calibrate.ts')).calibrate(options);
}
