import { readFileSync } from 'node:fs';
import { type CaseResult, RunResultSchema } from '@evalpacks/core';
import { ShardSchema } from '@evalpacks/core/runner';
import type { RunMeta } from '@evalpacks/store';
import { z } from 'zod';
import { UsageError } from '../usage-error.ts';
import type { ShardRun } from './merge-shards.ts';

/**
 * The run's record as results.json carries it: what the store keeps of a run beyond the result's own
 * fields (pack, variant, models, times), so a results file can be merged and checked as a store can.
 */
const ResultsRecordSchema = z.object({
  kind: z.enum(['eval', 'rejudge']),
  parentRunId: z.number().int().optional(),
  promptHash: z.string(),
  epochs: z.number().int().min(1),
  offline: z.boolean(),
  gitCommit: z.string().optional(),
  shard: ShardSchema.optional(),
  config: z.record(z.string(), z.unknown()),
});

const ResultsFileSchema = RunResultSchema.extend({
  runId: z.string().optional(),
  record: ResultsRecordSchema,
});

/** The record results.json is written with. */
export function resultsRecord(run: Omit<RunMeta, 'startedAt'>): z.infer<typeof ResultsRecordSchema> {
  const { kind, parentRunId, promptHash, epochs, offline, gitCommit, shard, config } = run;
  return {
    kind,
    ...(parentRunId !== undefined && { parentRunId }),
    promptHash,
    epochs,
    offline,
    ...(gitCommit !== undefined && { gitCommit }),
    ...(shard && { shard }),
    config,
  };
}

/** "record.config.flags: expected object" from zod's first issue. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue?.message ?? 'not a results file'}`;
}

/**
 * A shard's run read from its results.json (`--reporter json`) instead of its store. A file the run
 * finished writing is a completed run; whether it holds every result of its shard is checked by the merge.
 */
export function readResultsFile(file: string, path: string): ShardRun {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: not a results file: ${(error as Error).message}`);
  }
  const parsed = ResultsFileSchema.safeParse(json);
  if (!parsed.success) {
    const noRecord = typeof json === 'object' && json !== null && !('record' in json);
    throw new UsageError(
      noRecord
        ? `${file}: this results.json has no run record (written before merge could read results files); merge the shards' store files`
        : `${file}: ${firstIssue(parsed.error)}`,
    );
  }
  const { runId, record, cases, notStarted: _notStarted, ...result } = parsed.data;
  const byCase = new Map<string, CaseResult[]>();
  for (const caseResult of cases) {
    const epochs = byCase.get(caseResult.case.id);
    if (epochs) epochs.push(caseResult);
    else byCase.set(caseResult.case.id, [caseResult]);
  }
  return {
    file: path,
    run: { ...result, ...record, id: Number(runId ?? 0), status: 'completed' },
    keys: cases.map((caseResult) => ({ caseId: caseResult.case.id, epoch: caseResult.epoch })),
    caseResults: (caseId) => byCase.get(caseId) ?? [],
  };
}
