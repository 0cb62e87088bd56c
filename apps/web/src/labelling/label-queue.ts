import type { CaseResult } from '@evalpacks/core';
import type { EvalStore, RunRecord } from '@evalpacks/store';
import { verdictKey } from './verdict-labels.ts';

/** A verdict the judge gave, as its label would be keyed: what a run's "to label" count is made of. */
export interface QueueEntry {
  caseId: string;
  key: string;
}

/** Results read between two turns of the event loop while a large run's queue is built. */
const CHUNK = 200;

const entriesOf = (result: CaseResult): QueueEntry[] =>
  result.verdicts
    .filter((verdict) => verdict.status === 'ok')
    .map((verdict) => ({ caseId: result.case.id, key: verdictKey(result, verdict) }));

/**
 * Every labellable verdict of a run as label keys, in the order its results were saved. Reading them means
 * reading every result, so a run up to `inlineResults` results is read while its page waits, and a larger
 * one in the background, a few hundred results at a time, its case pages showing no count until it is
 * done; a completed run's are kept for the life of the server (labels change, the verdicts do not).
 */
export function labelQueues(store: EvalStore, inlineResults: number) {
  const kept = new Map<number, QueueEntry[]>();
  const building = new Set<number>();
  const keep = (run: RunRecord, entries: QueueEntry[]) => {
    if (run.status === 'completed') kept.set(run.id, entries);
    return entries;
  };
  const build = async (run: RunRecord) => {
    building.add(run.id);
    try {
      const entries: QueueEntry[] = [];
      let read = 0;
      for (const result of store.eachCaseResult(run.id)) {
        entries.push(...entriesOf(result));
        if (++read % CHUNK === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      keep(run, entries);
    } finally {
      building.delete(run.id);
    }
  };
  return {
    /** The run's entries when at hand or quick to read; undefined while a large run's are being read. */
    entries(run: RunRecord): QueueEntry[] | undefined {
      const known = kept.get(run.id);
      if (known) return known;
      if (store.resultCount(run.id) <= inlineResults) {
        return keep(run, [...store.eachCaseResult(run.id)].flatMap(entriesOf));
      }
      if (!building.has(run.id)) void build(run).catch(() => {});
      return undefined;
    },
  };
}
