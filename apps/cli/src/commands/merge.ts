import { existsSync } from 'node:fs';
import { EvalStore } from '@evalpacks/store';
import { z } from 'zod';
import { loadPrices } from '../cost/prices.ts';
import { storedCost } from '../cost/stored-cost.ts';
import { type MergedRun, mergeShards, type ShardRun } from '../memory/merge-shards.ts';
import { readResultsFile, resultsRecord } from '../memory/results-file.ts';
import { parseEvalOptions } from '../options/eval-options.ts';
import type { CommandIo } from '../output/command-io.ts';
import { shortPath } from '../output/file-reports.ts';
import { consoleOutput, finishRun } from '../output/finish-run.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { reportPlan } from '../run/eval-plan.ts';
import { planPolicy } from '../run/policy.ts';
import { UsageError } from '../usage-error.ts';
import { userPath } from '../user-path.ts';

const MergeOptionsSchema = z.object({
  out: z.string({ error: 'missing --out DB: the store file to write the joined run to' }).min(1),
  files: z
    .array(z.string())
    .min(1, 'name the store files (or results.json files) of the shards: pnpm merge --out DB a.db b.db ...'),
  reporter: z.array(z.string()).optional(),
  reportDir: z.string().min(1).optional(),
  minPassRate: z.string().optional(),
  ci: z.boolean().default(false),
  color: z.boolean().default(true),
});

/**
 * The newest completed run of each shard's store, with its results, or the run a shard's results.json
 * holds; a file that is not there is refused.
 */
function readShard(file: string): ShardRun {
  const path = userPath(file);
  if (!existsSync(path)) throw new UsageError(`${file}: no such store file`);
  if (path.endsWith('.json')) return readResultsFile(file, path);
  const store = EvalStore.open(path);
  try {
    const run = store.latestCompletedRun();
    if (!run) throw new UsageError(`${file}: no completed run to merge`);
    return { file: path, run, results: store.caseResults(run.id) };
  } finally {
    store.close();
  }
}

/** Records the joined run in the output store as one completed run; returns its id. */
async function record(out: string, merged: MergedRun): Promise<number> {
  const prices = await loadPrices();
  const { meta, result } = merged;
  const costOf = storedCost(prices.priceOf, meta.agent, meta.judge);
  const store = EvalStore.open(out);
  try {
    const run = store.beginRun(meta);
    for (const caseResult of result.cases) store.saveCaseResult(run.id, caseResult, costOf);
    store.setRunStatus(run.id, 'completed', result.finishedAt);
    return run.id;
  } finally {
    store.close();
  }
}

/**
 * `merge --out DB a.db b.db ...`: joins the shards (--shard I/N) of one run, each recorded in its own store
 * (one CI job each), into one run in DB, then prints its summary and writes its reports as `eval` would.
 * Exit codes as eval's: 0 all passed, 1 failures, 2 when the shards do not make one run.
 */
export async function mergeCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  const parsed = MergeOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  const { out, files, reporter, reportDir, minPassRate, ci, color } = parsed.data;
  const merged = mergeShards(files.map(readShard));
  const outPath = userPath(out);
  const { shard: _shard, ...flags } = (merged.meta.config.flags ?? {}) as Record<string, unknown>;
  const options = parseEvalOptions({
    ...flags,
    ...(reporter && { reporter }),
    ...(reportDir && { out: reportDir }),
    ...(minPassRate !== undefined && { minPassRate }),
    ci,
    color,
  });
  const pack = await loadEvalPack(options);
  const runId = await record(outPath, merged);
  const { priceOf } = await loadPrices();
  const report = reportPlan(options);
  const output = consoleOutput(report, io, merged.meta.epochs, priceOf);
  const { result } = merged;
  output.line(
    `evalpacks · ${result.pack} · variant ${result.variant} · ${files.length} shards joined · ${new Set(result.cases.map((c) => c.case.id)).size} cases`,
  );
  output.line(`run    ${runId} · ${shortPath(outPath)}`);
  output.line('');
  const policy = planPolicy(options.policy, pack);
  return finishRun({
    run: result,
    results: () => result.cases,
    record: resultsRecord(merged.meta),
    epochs: merged.meta.epochs,
    policy,
    report,
    runId,
    storePath: outPath,
    output,
    io,
  });
}
