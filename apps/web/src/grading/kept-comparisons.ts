import type { RunRecord } from '@evalpacks/store';
import type { GradedSide, StoredComparison } from './compare-stored.ts';

/** Comparisons kept at most: each holds both runs' paired items, megabytes for runs of thousands of cases. */
export const KEPT_COMPARISONS = 8;

/**
 * Comparisons of two completed runs that both finished with a stored grade, kept for the life of the
 * server: a completed run and its grade never change, and comparing two runs of 1000 cases x 3 epochs
 * holds the event loop for ~100 ms (reading 2000 tallies, pairing them). A side graded now is not kept:
 * its run may still finish. Past `limit`, the one used longest ago goes.
 */
export function keptComparisons(limit = KEPT_COMPARISONS) {
  const kept = new Map<string, StoredComparison>();
  const completed = (a: RunRecord, b: RunRecord) => a.status === 'completed' && b.status === 'completed';
  const key = (a: RunRecord, b: RunRecord) => JSON.stringify([a.id, a.finishedAt, b.id, b.finishedAt]);
  return {
    get(a: RunRecord, b: RunRecord): StoredComparison | undefined {
      if (!completed(a, b)) return undefined;
      const found = kept.get(key(a, b));
      if (found) {
        kept.delete(key(a, b));
        kept.set(key(a, b), found);
      }
      return found;
    },
    keep([a, shownA]: GradedSide, [b, shownB]: GradedSide, comparison: StoredComparison): void {
      if (!completed(a, b) || shownA.now || shownB.now) return;
      kept.set(key(a, b), comparison);
      const oldest = kept.keys().next().value;
      if (kept.size > limit && oldest !== undefined) kept.delete(oldest);
    },
  };
}
