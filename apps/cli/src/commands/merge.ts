import { existsSync } from 'node:fs';
import { type CaseRecord, caseRecord, recordSharing } from '@evalpacks/core/grade';
import { visible } from '@evalpacks/core/report';
import { EvalStore } from '@evalpacks/store';
import { z } from 'zod';
import { loadPrices } from '../cost/prices.ts';
import { storedCost } from '../cost/stored-cost.ts';
import { type MergedRun, mergeShards, type ShardRun } from '../memory/merge-shards.ts';
import { readResultsFile, resultsRecord } from '../memory/results-file.ts';
import { storedSplit } from '../memory/run-config.ts';
import { parseEvalOptions } from '../options/eval-options.ts';
import { SplitOptionSchema } from '../options/split-option.ts';
import type { CommandIo } from '../output/command-io.ts';
import { shortPath } from '../output/file-reports.ts';
import { consoleOutput, finishRun } from '../output/finish-run.ts';
import { storedResults } from '../output/stored-results.ts';
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
  /** The split the shards must have run; absent, theirs (all of them the same one). */
  split: SplitOptionSchema,
  ci: z.boolean().default(false),
  color: z.boolean().default(true),
});

/** A shard read from its store or results.json, and how to let go of it once merged. */
type OpenShard = ShardRun & { close(): void };

/**
 * The newest completed run of each shard's store, its results read a case at a time as the merge goes
 * (the store stays open until `close`), or the run a shard's results.json holds; a file that is not there
 * is refused.
 */
function readShard(file: string): OpenShard {
  const path = userPath(file);
  if (!existsSync(path)) throw new UsageError(`${file}: no such store file`);
  if (path.endsWith('.json')) return { ...readResultsFile(file, path), close: () => {} };
  const store = EvalStore.open(path);
  try {
    const run = store.latestCompletedRun();
    if (!run) throw new UsageError(`${file}: no completed run to merge`);
    return {
      file: path,
      run,
      keys: store.resultKeys(run.id),
      caseResults: (caseId) => store.caseResults(run.id, caseId),
      close: () => store.close(),
    };
  } catch (error) {
    store.close();
    throw error;
  }
}

/** Each shard read in turn; those read already are closed when a later one is refused. */
function readShards(files: string[]): OpenShard[] {
  const shards: OpenShard[] = [];
  try {
    for (const file of files) shards.push(readShard(file));
    return shards;
  } catch (error) {
    for (const shard of shards) shard.close();
    throw error;
  }
}

/**
 * Records the joined run in the output store as one completed run, saving each result as it is read from
 * its shard; returns its id and the records the run keeps of its results (never the results).
 */
async function record(store: EvalStore, merged: MergedRun): Promise<{ runId: number; cases: CaseRecord[] }> {
  const prices = await loadPrices();
  const { meta, result } = merged;
  const costOf = storedCost(prices.priceOf, meta.agent, meta.judge);
  const run = store.beginRun(meta);
  const share = recordSharing();
  const cases: CaseRecord[] = [];
  for (const caseResult of merged.results()) {
    store.saveCaseResult(run.id, caseResult, costOf);
    cases.push(caseRecord(caseResult, share));
  }
  store.setRunStatus(run.id, 'completed', result.finishedAt);
  return { runId: run.id, cases };
}

/**
 * `merge --out DB a.db b.db ...`: joins the shards (--shard I/N) of one run, each recorded in its own store
 * (one CI job each), into one run in DB, then prints its summary and writes its reports as `eval` would.
 * Exit codes as eval's: 0 all passed, 1 failures, 2 when the shards do not make one run.
 */
export async function mergeCommand(raw: Record<string, unknown>, io: CommandIo): Promise<number> {
  const parsed = MergeOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid options');
  const shards = readShards(parsed.data.files);
  try {
    const merged = mergeShards(shards);
    const { split } = parsed.data;
    if (split !== undefined && storedSplit(merged.meta) !== split) {
      throw new UsageError(`the shards ran --split ${storedSplit(merged.meta)}, not --split ${split}`);
    }
    return await mergeInto(merged, parsed.data, io);
  } finally {
    for (const shard of shards) shard.close();
  }
}

/** Records the joined run in --out, prints its summary and writes its reports; resolves to the exit code. */
async function mergeInto(merged: MergedRun, given: z.infer<typeof MergeOptionsSchema>, io: CommandIo): Promise<number> {
  const { out, files, reporter, reportDir, minPassRate, ci, color } = given;
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
  const store = EvalStore.open(outPath);
  try {
    const { runId, cases } = await record(store, merged);
    const { priceOf } = await loadPrices();
    const report = reportPlan(options);
    const output = consoleOutput(report, io, merged.meta.epochs, priceOf);
    const { result } = merged;
    const split = storedSplit(merged.meta);
    output.line(
      visible(
        `evalpacks · ${result.pack} · variant ${result.variant} · ${files.length} shards joined · ${new Set(cases.map((c) => c.case.id)).size} cases${split === 'all' ? '' : ` · split ${split}`}`,
      ),
    );
    output.line(`run    ${runId} · ${shortPath(outPath)}`);
    output.line('');
    const policy = planPolicy(options.policy, pack);
    return await finishRun({
      run: { ...result, cases },
      // As eval's: the file reports read the joined run's results back from the store, a case at a time.
      results: () => storedResults(store, runId, cases),
      record: resultsRecord(merged.meta),
      epochs: merged.meta.epochs,
      policy,
      report,
      runId,
      storePath: outPath,
      output,
      io,
    });
  } finally {
    store.close();
  }
}
