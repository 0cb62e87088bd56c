import type { CaseResult } from '@evalpacks/core';
import { type CaseOutcome, type ReportSource, resultJsonText } from '@evalpacks/core/report';
import type { EvalStore } from '@evalpacks/store';

type ResultKeys = readonly { case: { id: string }; epoch: number }[];

/**
 * Reads a run back a case at a time in the order of `keys` (the run's order, epochs of a case next to each
 * other): `read` gives one case's epochs, by epoch; each key's is yielded, or `missing` says it has none.
 */
function* byKeys<T>(
  keys: ResultKeys,
  read: (caseId: string) => Map<number, T>,
  missing: (caseId: string, epoch: number) => T,
): Generator<T> {
  let caseId: string | undefined;
  let epochs = new Map<number, T>();
  for (const key of keys) {
    if (key.case.id !== caseId) {
      caseId = key.case.id;
      epochs = read(caseId);
    }
    yield epochs.get(key.epoch) ?? missing(key.case.id, key.epoch);
  }
}

const noResult = (runId: number) => (caseId: string, epoch: number) => {
  throw new Error(`run ${runId} has no saved result for ${caseId} epoch ${epoch}`);
};

/**
 * A run's whole results read back from the store one case at a time, in the order of `keys`: a file
 * reporter writes them out without the run ever holding them all.
 */
export function storedResults(store: EvalStore, runId: number, keys: ResultKeys): Generator<CaseResult> {
  const read = (caseId: string) => new Map(store.caseResults(runId, caseId).map((result) => [result.epoch, result]));
  return byKeys(keys, read, noResult(runId));
}

/**
 * The run's results as its file reports read them from the store (see ReportSource): whole, without their
 * answers (the Markdown report), and as the text results.json holds, saved with each result. A result
 * saved without its text (by an evalpacks before the store kept them) has it made from the result.
 */
export function storedReportSource(
  store: EvalStore,
  runId: number,
  keys: ResultKeys,
): Pick<ReportSource, 'results' | 'outcomes' | 'resultTexts'> {
  return {
    results: () => storedResults(store, runId, keys),
    outcomes: (): Iterable<CaseOutcome> => {
      const read = (caseId: string) =>
        new Map(store.caseOutcomes(runId, caseId).map((outcome) => [outcome.epoch, outcome]));
      return byKeys(keys, read, noResult(runId));
    },
    resultTexts: (): Iterable<Uint8Array | string> => {
      let made: { caseId: string; texts: Map<number, string> } | undefined;
      const make = (caseId: string, epoch: number): string => {
        if (made?.caseId !== caseId) {
          const texts = store
            .caseResults(runId, caseId)
            .map((result) => [result.epoch, resultJsonText(result)] as const);
          made = { caseId, texts: new Map(texts) };
        }
        return made.texts.get(epoch) ?? noResult(runId)(caseId, epoch);
      };
      return byKeys<Uint8Array | string>(keys, (caseId) => store.caseResultTexts(runId, caseId), make);
    },
  };
}
