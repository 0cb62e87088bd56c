import { existsSync } from 'node:fs';
import type { ModelRef } from '@evalpacks/core';
import {
  type CaseRecord,
  caseRecord,
  type GradeOptions,
  gradeRun,
  readRepeatPolicy,
  recordSharing,
} from '@evalpacks/core/grade';
import { visible } from '@evalpacks/core/report';
import { EvalStore, type RunMeta, thisProcess } from '@evalpacks/store';
import { z } from 'zod';
import { loadPrices } from '../cost/prices.ts';
import { storedCost } from '../cost/stored-cost.ts';
import { shapeFor } from '../options/flag-table.ts';
import { MERGE_FLAGS } from '../options/merge-flags.ts';
import { SHARED_FLAGS } from '../options/shared-flags.ts';
import type { CommandIo } from '../output/command-io.ts';
import { shortPath } from '../output/file-reports.ts';
import { consoleOutput, finishRun } from '../output/finish-run.ts';
import { storedReportSource } from '../output/stored-results.ts';
import { mergedResult } from '../persistence/cut-texts.ts';
import { onInterrupt } from '../persistence/interrupts.ts';
import { type MergePack, mergePack } from '../persistence/merge-pack.ts';
import { type MergedRun, mergeShards, type ShardRun } from '../persistence/merge-shards.ts';
import { readResultsFile, resultsRecord } from '../persistence/results-file.ts';
import { RunConfigSchema, storedSplit } from '../persistence/run-config.ts';
import { checkedConfig } from '../persistence/shard-record.ts';
import { reportPlan } from '../run/eval-plan.ts';
import { planPolicy } from '../run/policy.ts';
import { gradeOptions } from '../run/run-grade.ts';
import { UsageError } from '../usage-error.ts';
import { userPath } from '../user-path.ts';

/**
 * Merge's own flags: the only source of the pack it loads, where it writes and what gates its exit code.
 * A shard's record is data (its settings are compared, its --pack, --out, reporters and gates never used).
 */
const MergeOptionsSchema = z
  .object({
    ...shapeFor(SHARED_FLAGS, 'merge'),
    ...shapeFor(MERGE_FLAGS, 'merge'),
    // The command's arguments: the shards' files.
    files: z
      .array(z.string())
      .min(1, 'name the store files (or results.json files) of the shards: pnpm merge --out DB a.db b.db ...'),
  })
  .refine((o) => !(o.domain && o.pack), { message: 'use either --domain NAME or --pack PATH, not both' });
type MergeOptions = z.infer<typeof MergeOptionsSchema>;

/** A shard read from its store or results.json, and how to let go of it once merged. */
type OpenShard = ShardRun & { close(): void };

/**
 * The newest completed run of each shard's store, its results read a case at a time as the merge goes
 * (the store stays open until `close`), or the run a shard's results.json holds; a file that is not there
 * is refused. Either is untrusted: the run's config is checked in full and every result cut to the caps.
 */
function readShard(file: string): OpenShard {
  const path = userPath(file);
  if (!existsSync(path)) throw new UsageError(`${file}: no such store file`);
  if (path.endsWith('.json')) return readResultsFile(file, path);
  const store = EvalStore.openReadOnly(path);
  try {
    const run = store.latestCompletedRun();
    if (!run) throw new UsageError(`${file}: no completed run to merge`);
    const config = checkedConfig(run.config, `${file}: run ${run.id}`, 'config');
    return {
      file: path,
      run: { ...run, config },
      keys: store.resultKeys(run.id),
      caseResults: (caseId) =>
        store
          .caseResults(run.id, caseId)
          .map((result) => mergedResult(file, `run ${run.id}: the result of ${caseId}`, result)),
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

/** The joined run's record: the shards' settings, its flags naming the pack merge loaded (not a record's). */
function joinedMeta(merged: MergedRun, { flags: packFlags }: MergePack): MergedRun['meta'] {
  const { pack: _pack, domain: _domain, ...flags } = merged.meta.config.flags;
  return { ...merged.meta, config: { ...merged.meta.config, flags: { ...flags, ...packFlags } } };
}

/** The shards' simulated user (their stored config's), priced as the third role; none without conversations. */
function userOf(meta: RunMeta): ModelRef | undefined {
  const user = RunConfigSchema.shape.user.safeParse(meta.config.user).data;
  return user && { backend: user.backend, model: user.model };
}

/** Lets a signal in between writes: every this many milliseconds of writing, the event loop turns once. */
const YIELD_MS = 50;

/**
 * Records the joined run in the output store as one completed run, in one transaction: a merge that is
 * stopped (a signal, an error, a kill) leaves no run, so nothing resumes or lists half of one, and merging
 * again records it once. Saves each result as it is read from its shard; returns the run's id and the
 * records it keeps of its results (never the results), and its grade, kept with the run as it completes.
 */
async function record(store: EvalStore, merged: MergedRun, meta: RunMeta, grading: GradeOptions) {
  const prices = await loadPrices();
  const costOf = storedCost(prices.priceOf, meta.agent, meta.judge, userOf(meta));
  return store.inOneTransaction(async () => {
    const run = store.beginRun(meta, thisProcess());
    const share = recordSharing();
    const cases: CaseRecord[] = [];
    let turned = Date.now();
    for (const caseResult of merged.results()) {
      store.saveCaseResult(run.id, caseResult, costOf);
      cases.push(caseRecord(caseResult, share));
      if (Date.now() - turned >= YIELD_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turned = Date.now();
      }
    }
    const grade = gradeRun({ cases }, grading);
    store.completeRun(run.id, merged.result.finishedAt, grade);
    return { runId: run.id, cases, grade };
  });
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
async function mergeInto(merged: MergedRun, given: MergeOptions, io: CommandIo): Promise<number> {
  const { out, files } = given;
  const outPath = userPath(out);
  const loaded = await mergePack(given, merged);
  const meta = joinedMeta(merged, loaded);
  const store = EvalStore.open(outPath);
  const stopListening = onInterrupt((signal) => {
    store.rollback();
    store.close();
    return `evalpacks: ${signal}: merge stopped; nothing was recorded in ${outPath}`;
  });
  try {
    const { reporter, ci, color, reportDir, minPassRate } = given;
    const report = reportPlan({ reporter, ci, color, quiet: false, out: reportDir, minPassRate });
    // The shards' repeat policy (checked to be one), as the stored run keeps it: a value, never code.
    const ranWith = meta.config.flags.policy;
    const policy = planPolicy(typeof ranWith === 'string' ? readRepeatPolicy(ranWith) : undefined, loaded.pack);
    const grading = gradeOptions({ policy, report, pack: loaded.pack });
    const { runId, cases, grade } = await record(store, merged, meta, grading).finally(stopListening);
    const { priceOf } = await loadPrices();
    const output = consoleOutput(report, io, meta.epochs, priceOf);
    const { result } = merged;
    const split = storedSplit(merged.meta);
    output.line(
      visible(
        `evalpacks · ${result.pack} · variant ${result.variant} · ${files.length} shards joined · ${new Set(cases.map((c) => c.case.id)).size} cases${split === 'all' ? '' : ` · split ${split}`}`,
      ),
    );
    output.line(`run    ${runId} · ${shortPath(outPath)}`);
    output.line('');
    return await finishRun({
      run: { ...result, ...(userOf(meta) && { user: userOf(meta) }), cases },
      grade,
      // As eval's: the file reports read the joined run's results back from the store, a case at a time.
      ...storedReportSource(store, runId, cases),
      record: resultsRecord(meta),
      epochs: meta.epochs,
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
