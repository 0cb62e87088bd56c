import { basename } from 'node:path';
import type { CaseResult, RunResult } from '@evalpacks/core';
import { casesInShard, describeShard } from '@evalpacks/core/runner';
import type { RunMeta, RunRecord } from '@evalpacks/store';
import { UsageError } from '../usage-error.ts';
import { configDifferences, type RunConfig } from './run-config.ts';

/** One shard's run as read from its store file (or results.json), its config checked (checkedConfig). */
export interface ShardRun {
  file: string;
  run: RunRecord & { config: RunConfig };
  /** The case and epoch of each result it holds. */
  keys: { caseId: string; epoch: number }[];
  /** Its results of one case, every epoch it holds: read when the merge reaches the case. */
  caseResults(caseId: string): CaseResult[];
}

export interface MergedRun {
  /** The file the joined run's settings are read from (the first named), as refusals name it. */
  first: string;
  meta: Omit<RunMeta, 'startedAt' | 'config'> & { startedAt: string; config: RunConfig };
  /** The joined run but its cases. */
  result: Omit<RunResult, 'cases'>;
  /** Its results in the run's order, read from the shards a case at a time. */
  results(): Generator<CaseResult>;
}

const name = (shard: ShardRun) => basename(shard.file);

/** Every shard 1..N of one count, each once; otherwise the one-line reason. */
function checkCoverage(shards: ShardRun[]): number {
  for (const shard of shards) {
    if (!shard.run.shard) {
      throw new UsageError(`${name(shard)}: run ${shard.run.id} ran every case, it is not a shard (--shard I/N)`);
    }
  }
  const [first] = shards;
  const count = first?.run.shard?.count ?? 0;
  const seen = new Map<number, ShardRun>();
  for (const shard of shards) {
    const part = shard.run.shard ?? { index: 0, count: 0 };
    if (part.count !== count) {
      throw new UsageError(
        `${name(first as ShardRun)} holds shard ${describeShard(first?.run.shard ?? part)} but ${name(shard)} holds shard ${describeShard(part)}: shards of one run share N`,
      );
    }
    const twin = seen.get(part.index);
    if (twin) throw new UsageError(`${name(twin)} and ${name(shard)} both hold shard ${describeShard(part)}`);
    seen.set(part.index, shard);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !seen.has(index));
  if (missing.length > 0) {
    throw new UsageError(
      `shard ${missing.map((index) => `${index}/${count}`).join(', ')} missing: merge needs all ${count}`,
    );
  }
  return count;
}

/** The same configuration apart from the shard, else the differences, named by file. */
function checkSameConfiguration(shards: ShardRun[]): void {
  const [first, ...rest] = shards as [ShardRun, ...ShardRun[]];
  for (const shard of rest) {
    const sides: [string, string] = [`in ${name(first)}`, `in ${name(shard)}`];
    const differences = configDifferences(first.run, shard.run, sides, ['shard']);
    // How a case's epochs make its outcome: the same for every shard, or the join grades by one of them.
    const policies = [first, shard].map((s) => s.run.config.flags.policy ?? 'the default');
    if (policies[0] !== policies[1])
      differences.push(`--policy: ${policies[0]} ${sides[0]}, ${policies[1]} ${sides[1]}`);
    if (differences.length > 0) {
      throw new UsageError(
        `${name(first)} and ${name(shard)} are shards of different configurations: ${differences.join('; ')}`,
      );
    }
  }
}

/** Each shard's results are exactly its cases over every epoch: a budget-stopped or edited shard is refused. */
function checkComplete(shard: ShardRun, caseIds: string[], epochs: number): void {
  const part = shard.run.shard ?? { index: 1, count: 1 };
  const expected = casesInShard(
    caseIds.map((id) => ({ id })),
    part,
  ).flatMap(({ id }) => Array.from({ length: epochs }, (_, epoch) => `${id}#${epoch}`));
  const have = new Set(shard.keys.map(({ caseId, epoch }) => `${caseId}#${epoch}`));
  const lacking = expected.filter((key) => !have.has(key));
  if (lacking.length > 0 || have.size !== expected.length) {
    throw new UsageError(
      `${name(shard)}: shard ${describeShard(part)} has ${have.size} of its ${expected.length} results (missing ${lacking.slice(0, 3).join(', ') || 'none'}); finish it with --resume before merging`,
    );
  }
}

/**
 * Joins the runs of shards 1..N of one configuration into the run an unsharded invocation would have
 * recorded: every case in the configuration's order, epochs side by side, started when the first shard
 * started and finished when the last one did. Anything that would make the join a different run than
 * that (a missing or doubled shard, another configuration, an incomplete shard) is refused in one line.
 */
export function mergeShards(shards: ShardRun[]): MergedRun {
  if (shards.length === 0) throw new UsageError('merge needs the store files of the shards to join');
  checkCoverage(shards);
  checkSameConfiguration(shards);
  const first = shards[0] as ShardRun;
  const { config } = first.run;
  const caseIds = Object.keys(config.cases);
  for (const shard of shards) checkComplete(shard, caseIds, first.run.epochs);

  // Complete shards of one count hold each case, every epoch of it, in exactly one of them.
  const holder = new Map(shards.flatMap((shard) => shard.keys.map(({ caseId }) => [caseId, shard] as const)));
  function* results(): Generator<CaseResult> {
    for (const id of caseIds) {
      const epochs = new Map((holder.get(id) as ShardRun).caseResults(id).map((r) => [r.epoch, r]));
      for (let epoch = 0; epoch < first.run.epochs; epoch++) yield epochs.get(epoch) as CaseResult;
    }
  }
  const startedAt = shards.map((shard) => shard.run.startedAt).sort()[0] as string;
  const finishedAt = shards
    .map((shard) => shard.run.finishedAt ?? shard.run.startedAt)
    .sort()
    .at(-1) as string;
  const commits = new Set(shards.map((shard) => shard.run.gitCommit));
  const { shard: _part, ...flags } = config.flags;
  const { id: _id, status: _status, finishedAt: _finished, shard: _shard, gitCommit, ...meta } = first.run;
  return {
    first: name(first),
    meta: {
      ...meta,
      ...(commits.size === 1 && gitCommit !== undefined && { gitCommit }),
      config: { ...config, shard: 'all', flags },
      startedAt,
    },
    result: {
      pack: first.run.pack,
      variant: first.run.variant,
      agent: first.run.agent,
      ...(first.run.judge && { judge: first.run.judge }),
      startedAt,
      finishedAt,
    },
    results,
  };
}
