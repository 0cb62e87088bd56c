import type { CaseResult } from '@evalpacks/core';
import type { EvalStore } from '@evalpacks/store';

/**
 * A run's whole results read back from the store one case at a time, in the order of `keys` (the run's
 * order, epochs of a case next to each other): a file reporter writes them out without the run ever
 * holding them all.
 */
export function* storedResults(
  store: EvalStore,
  runId: number,
  keys: readonly { case: { id: string }; epoch: number }[],
): Generator<CaseResult> {
  let caseId: string | undefined;
  let epochs = new Map<number, CaseResult>();
  for (const key of keys) {
    if (key.case.id !== caseId) {
      caseId = key.case.id;
      epochs = new Map(store.caseResults(runId, caseId).map((result) => [result.epoch, result]));
    }
    const result = epochs.get(key.epoch);
    if (!result) throw new Error(`run ${runId} has no saved result for ${key.case.id} epoch ${key.epoch}`);
    yield result;
  }
}
