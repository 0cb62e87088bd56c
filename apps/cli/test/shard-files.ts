import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult } from '@evalpacks/core';
import { casesInShard } from '@evalpacks/core/runner';

/**
 * Shard files written by hand, as `eval --shard I/N --reporter json` writes them (its record first, then the
 * run, then its results), so a merge test can make them as large or as hostile as it needs in milliseconds.
 */
export interface ShardSpec {
  /** How many cases the run has: `c-0` ... */
  cases: number;
  count: number;
  epochs?: number;
  /** The answer of one case and epoch (default a short clean one). */
  answer?: (caseId: string, epoch: number) => string;
  /** Cases that fail (default none). */
  failing?: (caseId: string) => boolean;
  /** Replaces fields of the run's config (the record's `config`), for one shard or all. */
  config?: (index: number) => Record<string, unknown>;
  /** Replaces the config's flags. */
  flags?: (index: number) => Record<string, unknown>;
  /** Changes one result as written. */
  result?: (result: CaseResult) => unknown;
  /** An answer of this many 'a's for a case, written a MB at a time (never held): a file of any size. */
  hugeAnswer?: { caseId: string; chars: number };
}

const MARK = '\u0000evalpacks-huge-answer\u0000';
/** The mark as it stands in a result's JSON. */
const MARK_JSON = JSON.stringify(MARK).slice(1, -1);

/** Writes one result; a huge answer is streamed where its mark is. */
function writeResult(fd: number, json: string, chars: number): void {
  const at = json.indexOf(MARK_JSON);
  if (at < 0) {
    writeSync(fd, json);
    return;
  }
  writeSync(fd, json.slice(0, at));
  const chunk = 'a'.repeat(2 ** 20);
  for (let left = chars; left > 0; left -= chunk.length)
    writeSync(fd, left >= chunk.length ? chunk : chunk.slice(0, left));
  writeSync(fd, json.slice(at + MARK_JSON.length));
}

export const caseIds = (cases: number) => Array.from({ length: cases }, (_, i) => `c-${i}`);

function result(id: string, epoch: number, spec: ShardSpec): CaseResult {
  const failed = spec.failing?.(id) ?? false;
  return {
    case: {
      id,
      name: `case ${id}`,
      description: '',
      input: `input of ${id}`,
      expectedFindings: [],
      expectedAbsent: [],
    },
    epoch,
    status: failed ? 'failed' : 'passed',
    transcript: {
      input: `input of ${id}`,
      answer: spec.answer?.(id, epoch) ?? `answer of ${id}`,
      toolCalls: [],
      turns: 1,
      usage: { input: 10, output: 5 },
      latencyMs: 1,
      model: 'qwen3.5:4b',
    },
    checks: [{ id: 'has-summary', name: 'has a summary', part: 'expectation', passed: !failed, detail: 'ok' }],
    verdicts: [],
    reasons: failed ? ['has a summary: it has none'] : [],
    judgeUsage: { input: 0, output: 0 },
  };
}

/** The run record of shard `index` of `spec`, as results.json carries it. */
export function shardRecord(index: number, spec: ShardSpec) {
  const ids = caseIds(spec.cases);
  const shard = `${index}/${spec.count}`;
  return {
    kind: 'eval',
    promptHash: '613e87cfcc2a764b',
    epochs: spec.epochs ?? 1,
    offline: true,
    shard: { index, count: spec.count },
    config: {
      cases: Object.fromEntries(ids.map((id) => [id, `hash-of-${id}`])),
      structural: true,
      judgeAlways: false,
      maxTurns: 6,
      judgeStyle: 'structured',
      judgePrompt: 'risen-judge-v2',
      checks: '5a17c0de5a17c0de',
      shard,
      flags: spec.flags?.(index) ?? { domain: 'code-review', offline: true, shard },
      ...spec.config?.(index),
    },
  };
}

/** Writes the results.json of every shard of `spec` into `dir` (shard-I.json), a result at a time. */
export function writeShardFiles(dir: string, spec: ShardSpec): string[] {
  const ids = caseIds(spec.cases).map((id) => ({ id }));
  return Array.from({ length: spec.count }, (_, i) => {
    const index = i + 1;
    const file = join(dir, `shard-${index}.json`);
    const fd = openSync(file, 'w');
    try {
      const head = {
        runId: '1',
        record: shardRecord(index, spec),
        pack: 'code-review',
        variant: 'baseline',
        agent: { backend: 'ollama', model: 'qwen3.5:4b' },
        judge: { backend: 'ollama', model: 'judge:1b' },
        startedAt: `2026-01-01T00:00:0${index}.000Z`,
        finishedAt: `2026-01-01T00:01:0${index}.000Z`,
      };
      writeSync(fd, `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "cases": [\n`);
      let first = true;
      for (const { id } of casesInShard(ids, { index, count: spec.count })) {
        for (let epoch = 0; epoch < (spec.epochs ?? 1); epoch++) {
          const plain = result(id, epoch, spec);
          if (spec.hugeAnswer?.caseId === id) plain.transcript.answer = MARK;
          const written = spec.result ? spec.result(plain) : plain;
          writeSync(fd, first ? '' : ',\n');
          writeResult(fd, JSON.stringify(written), spec.hugeAnswer?.chars ?? 0);
          first = false;
        }
      }
      writeSync(fd, '\n  ]\n}\n');
    } finally {
      closeSync(fd);
    }
    return file;
  });
}
