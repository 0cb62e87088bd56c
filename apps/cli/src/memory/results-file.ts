import { basename } from 'node:path';
import { type CaseResult, RunResultSchema } from '@evalpacks/core';
import { MAX_ANSWER_CHARS, ShardSchema } from '@evalpacks/core/runner';
import type { RunMeta } from '@evalpacks/store';
import { z } from 'zod';
import { UsageError } from '../usage-error.ts';
import { BoundedJsonError, BoundedJsonReader, feedFile, type JsonLimits } from './bounded-json.ts';
import { MAX_RESULT_DEPTH, mergedResult } from './cut-texts.ts';
import type { ShardRun } from './merge-shards.ts';
import { RunConfigSchema } from './run-config.ts';
import { firstIssue } from './shard-record.ts';

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
  config: RunConfigSchema,
});
type ResultsRecord = z.infer<typeof ResultsRecordSchema>;

/** The file but its results, which are read (and checked) one at a time. */
const ResultsHeadSchema = RunResultSchema.omit({ cases: true }).extend({
  runId: z.string().optional(),
  record: ResultsRecordSchema,
});

/** The record results.json is written with. */
export function resultsRecord(run: Omit<RunMeta, 'startedAt'>): Record<string, unknown> {
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

/**
 * What merge holds of a results file at once: strings to the live run's answer cap (the rest is counted,
 * not read into memory), one result or the rest of the file to 32 MB (a JSON case file's limit), nesting
 * to 64. A file a run wrote is far inside these; a hostile one is refused or cut, never held whole.
 */
const LIMITS: JsonLimits = { maxChars: MAX_ANSWER_CHARS, maxBytes: 32 * 2 ** 20, maxDepth: MAX_RESULT_DEPTH };

/** Where one result is in the file. */
interface Entry {
  caseId: string;
  epoch: number;
  start: number;
  end: number;
}

/** Reads `path` through the bounded reader; a file that is not JSON, or past a limit, is one line naming it. */
function readBounded(file: string, path: string, reader: BoundedJsonReader, range?: [number, number]): unknown {
  try {
    feedFile(path, reader, ...(range ?? []));
    return reader.end();
  } catch (error) {
    if (!(error instanceof BoundedJsonError)) throw error;
    throw new UsageError(`${file}: not a results file: ${error.message} at line ${error.line}`);
  }
}

/**
 * The first pass over a results file: its record (checked as soon as it is read, before any result) and
 * where each result is, each checked as it goes by and then let go. A file that lists its results before
 * its record is refused: evalpacks writes the record first, and without it nothing bounds how many
 * results there may be.
 */
function indexFile(file: string, path: string) {
  let record: ResultsRecord | undefined;
  let resultsFirst = false;
  let expected = 0;
  const entries: Entry[] = [];
  const seen = new Set<string>();
  const reader = new BoundedJsonReader(LIMITS, {
    elementsOf: 'cases',
    onKey(key) {
      if (key === 'cases' && !record) resultsFirst = true;
    },
    onField(key, value) {
      if (key !== 'record' || resultsFirst) return;
      if (record) throw new UsageError(`${file}: holds two run records`);
      const parsed = ResultsRecordSchema.safeParse(value);
      if (!parsed.success) throw new UsageError(`${file}: ${firstIssue(parsed.error, 'record')}`);
      record = parsed.data;
      expected = Object.keys(record.config.cases).length * record.epochs;
    },
    onElement(value, start, end) {
      if (resultsFirst) return;
      const result = mergedResult(file, `cases[${entries.length}]`, value);
      if (entries.length >= expected) {
        throw new UsageError(`${file}: more results than its record's cases times its epochs (${expected})`);
      }
      const key = `${result.case.id}#${result.epoch}`;
      if (seen.has(key))
        throw new UsageError(`${file}: holds two results of ${result.case.id} (epoch ${result.epoch})`);
      seen.add(key);
      entries.push({ caseId: result.case.id, epoch: result.epoch, start, end });
    },
  });
  const head = readBounded(file, path, reader);
  return { head, record, resultsFirst, entries };
}

/**
 * A shard's run read from its results.json (`--reporter json`) instead of its store, as untrusted input:
 * read twice, a result at a time, never whole (a file of any size merges in bounded memory), each string
 * cut to the live run's cap. A file the run finished writing is a completed run; whether it holds every
 * result of its shard is checked by the merge.
 */
export function readResultsFile(file: string, path: string): ShardRun {
  const { head, resultsFirst, entries } = indexFile(file, path);
  const hasRecord = typeof head === 'object' && head !== null && 'record' in head;
  if (!hasRecord) {
    throw new UsageError(
      `${file}: this results.json has no run record (written before merge could read results files); merge the shards' store files`,
    );
  }
  if (resultsFirst) {
    throw new UsageError(`${file}: its results come before its run record; evalpacks writes the record first`);
  }
  const parsed = ResultsHeadSchema.safeParse(head);
  if (!parsed.success) throw new UsageError(`${file}: ${firstIssue(parsed.error)}`);
  const { runId, record, notStarted: _notStarted, ...result } = parsed.data;
  const byCase = new Map<string, Entry[]>();
  for (const entry of entries) {
    const epochs = byCase.get(entry.caseId);
    if (epochs) epochs.push(entry);
    else byCase.set(entry.caseId, [entry]);
  }
  /** One result read again from where the first pass found it; a file changed since is refused. */
  const reread = (entry: Entry, index: number): CaseResult => {
    const value = readBounded(file, path, new BoundedJsonReader(LIMITS, {}, entry.start), [entry.start, entry.end]);
    const again = mergedResult(file, `the result of ${entry.caseId} (epoch ${entry.epoch})`, value);
    if (again.case.id !== entry.caseId || again.epoch !== entry.epoch) {
      throw new UsageError(`${basename(file)} changed while it was merged (result ${index})`);
    }
    return again;
  };
  return {
    file: path,
    run: { ...result, ...record, id: Number(runId ?? 0), status: 'completed' },
    keys: entries.map(({ caseId, epoch }) => ({ caseId, epoch })),
    caseResults: (caseId) => (byCase.get(caseId) ?? []).map(reread),
  };
}
