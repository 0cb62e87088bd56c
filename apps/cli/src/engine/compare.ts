import { join } from 'node:path';
import { comparisonDocument } from '@evalpacks/core/report';
import type { Comparison, ComparisonVerdict } from '@evalpacks/core/stats';
import { EvalStore } from '@evalpacks/store';
import type { z } from 'zod';
import { CompareOptionsSchema, parseCompareOptions } from '../options/compare-options.ts';
import type { CommandIo } from '../output/command-io.ts';
import { compareFileKinds, prepareCompareOut, writeCompareReports } from '../output/compare-reports.ts';
import { shortPath } from '../output/file-reports.ts';
import { resolveStorePath } from '../persistence/store-path.ts';
import { planCompare } from '../run/compare-plan.ts';
import { executeCompare, executeStoredCompare } from '../run/compare-run.ts';
import { planStoredCompare } from '../run/stored-compare.ts';
import { type EngineCall, engineCall } from './engine-call.ts';

/**
 * `compare()`'s options: the compare command's flags in camelCase, taking what the command line takes,
 * with its defaults; plus `io` (where its report goes; default nowhere) and `onEvent`.
 */
export type CompareOptions = z.input<typeof CompareOptionsSchema> & EngineCall;

/** Two runs compared: the verdict the report states, its figures, and the stored run of each side. */
export interface CompareResult {
  /** What `evalpacks compare` exits with: 0 no worse, 1 detectably worse, 2 inconclusive (errors, cases left out). */
  exitCode: 0 | 1 | 2;
  verdict: ComparisonVerdict;
  baselineRunId: number;
  variantRunId: number;
  storePath: string;
  /** Per-case pairs, each side's figures, the paired difference, the tests and the detectable difference. */
  comparison: Comparison;
  /** The absolute paths of the comparison's files (--reporter json, junit, markdown, html). */
  reports: string[];
}

/**
 * Runs two prompts (or two agents) over the same cases with the same judge, each side an eval run saved in
 * the store (or compares two stored runs: `runs`), prints the report to `io`, and resolves to the verdict.
 * The one implementation of `evalpacks compare` and `compare()`.
 */
export async function runComparison(raw: Record<string, unknown>, io: CommandIo): Promise<CompareResult> {
  const options = parseCompareOptions(raw);
  const files = compareFileKinds(options.reporter);
  // Before any model is called: an --out that cannot be written stops the compare, not its end.
  if (files.length > 0 && options.out !== undefined) prepareCompareOut(options.out);
  const store = EvalStore.open(resolveStorePath(options.store));
  try {
    const compared = options.runs
      ? executeStoredCompare(await planStoredCompare(options, options.runs, store), io)
      : await executeCompare(await planCompare(options), store, io);
    const { baselineRunId: b, variantRunId: v } = compared;
    const dir = options.out ?? join(store.path, '..', 'reports', `compare-${b}-${v}`);
    const doc = comparisonDocument(compared.comparison, { ...compared.facts, exitCode: compared.exitCode });
    const reports = await writeCompareReports(files, doc, dir);
    for (const path of reports) io.write(`report ${shortPath(path)}\n`);
    return { ...compared, verdict: compared.comparison.verdict, storePath: store.path, reports };
  } finally {
    store.close();
  }
}

/**
 * Compares a variant with a baseline from code, as `evalpacks compare` does:
 * `await compare({ domain: 'code-review', variant: 'v2', ollamaHost: 'http://127.0.0.1:11434' })`.
 * Rejects with an EvalpacksError (exitCode 2) where the command would stop with exit 2 before a verdict.
 */
export function compare(options: CompareOptions): Promise<CompareResult> {
  return engineCall(options, {
    shape: CompareOptionsSchema.in.shape,
    paths: ['pack', 'testCase', 'store', 'out'],
    namesOrFiles: ['baseline', 'variant'],
    run: runComparison,
  });
}
