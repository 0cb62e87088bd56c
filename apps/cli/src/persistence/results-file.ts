import { closeSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { type CaseResult, RunResultSchema } from '@evalpacks/core';
import { MAX_ANSWER_CHARS, ShardSchema } from '@evalpacks/core/runner';
import type { RunMeta } from '@evalpacks/store';
import { z } from 'zod';
import { UsageError } from '../usage-error.ts';
import { BoundedJsonError, BoundedJsonReader, type JsonLimits } from './bounded-json.ts';
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

const READ_CHUNK = 2 ** 20;

/** A results file open for reading at offsets, once for the whole merge. */
class ResultsFile {
  private readonly fd: number;

  constructor(
    readonly file: string,
    readonly path: string,
  ) {
    this.fd = openSync(path, 'r');
  }

  /**
   * Feeds the bytes `start` to `end` (exclusive; default all) to `reader`, a chunk at a time, and returns
   * what it read; text that is not JSON, or past a limit, is one line naming the file.
   */
  read(reader: BoundedJsonReader, start = 0, end = Number.POSITIVE_INFINITY): unknown {
    try {
      const buffer = Buffer.allocUnsafe(READ_CHUNK);
      for (let at = start; at < end; ) {
        const read = readSync(this.fd, buffer, 0, Math.min(READ_CHUNK, end - at), at);
        if (read === 0) break;
        reader.write(buffer.subarray(0, read));
        at += read;
      }
      return reader.end();
    } catch (error) {
      if (!(error instanceof BoundedJsonError)) throw error;
      throw new UsageError(`${this.file}: not a results file: ${error.message} at line ${error.line}`);
    }
  }

  /**
   * One result's value, from where the first pass found it. Text no longer than the cap cannot hold a
   * string past it (a character takes a byte at least): JSON.parse reads it, many times faster; a longer
   * one goes through the bounded reader, which cuts its strings as it reads.
   */
  result({ start, end }: Pick<Entry, 'start' | 'end'>, where: string): unknown {
    if (end - start > LIMITS.maxChars) return this.read(new BoundedJsonReader(LIMITS, {}, start), start, end);
    const bytes = Buffer.allocUnsafe(end - start);
    readSync(this.fd, bytes, 0, bytes.length, start);
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      throw new UsageError(`${this.file}: ${where}: not JSON: ${(error as Error).message}`);
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * The first pass over a results file: its record (checked as soon as it is read, before any result) and
 * where each result is, each checked as it goes by and then let go. A file that lists its results before
 * its record is refused: evalpacks writes the record first, and without it nothing bounds how many
 * results there may be.
 */
function indexFile(source: ResultsFile) {
  const { file } = source;
  let record: ResultsRecord | undefined;
  let resultsFirst = false;
  let expected = 0;
  const entries: Entry[] = [];
  const seen = new Set<string>();
  const reader = new BoundedJsonReader(LIMITS, {
    elementsOf: 'cases',
    // Each result is only found here, then read on its own (ResultsFile.result).
    skipElements: true,
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
    onElement(_value, start, end) {
      if (resultsFirst) return;
      const where = `cases[${entries.length}]`;
      const result = mergedResult(file, where, source.result({ start, end }, where));
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
  const head = source.read(reader);
  return { head, record, resultsFirst, entries };
}

/**
 * A shard's run read from its results.json (`--reporter json`) instead of its store, as untrusted input:
 * read twice, a result at a time, never whole (a file of any size merges in bounded memory), each string
 * cut to the live run's cap. A file the run finished writing is a completed run; whether it holds every
 * result of its shard is checked by the merge.
 */
export function readResultsFile(file: string, path: string): ShardRun & { close(): void } {
  const source = new ResultsFile(file, path);
  try {
    return shardOf(source, indexFile(source));
  } catch (error) {
    source.close();
    throw error;
  }
}

/** The shard a results file holds, from its first pass; its results are read again as the merge reaches them. */
function shardOf(source: ResultsFile, { head, resultsFirst, entries }: ReturnType<typeof indexFile>) {
  const { file, path } = source;
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
  const reread = (entry: Entry): CaseResult => {
    const where = `the result of ${entry.caseId} (epoch ${entry.epoch})`;
    const again = mergedResult(file, where, source.result(entry, where));
    if (again.case.id !== entry.caseId || again.epoch !== entry.epoch) {
      throw new UsageError(`${basename(file)} changed while it was merged`);
    }
    return again;
  };
  return {
    file: path,
    run: { ...result, ...record, id: Number(runId ?? 0), status: 'completed' as const },
    keys: entries.map(({ caseId, epoch }) => ({ caseId, epoch })),
    caseResults: (caseId: string) => (byCase.get(caseId) ?? []).map(reread),
    close: () => source.close(),
  };
}
