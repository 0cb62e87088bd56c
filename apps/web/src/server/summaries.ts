import type { EvalStore, RunRecord } from '@evalpacks/store';
import { type RunSummaryView, runResultOf, storedPolicy, summaryView } from '../grading/run-summary.ts';

/**
 * Runs up to this many results are summarised while their page is drawn; a larger one's page comes at
 * once and its summary follows from /runs/:id/summary.json, since core reads every result to make it.
 */
export const INLINE_RESULTS = 1000;

/**
 * Run summaries, computed by core over a run's results. A completed run never changes, so its summary is
 * computed once per server; a running or interrupted run's is computed afresh on each view.
 */
export function runSummaries(store: EvalStore, inlineResults = INLINE_RESULTS) {
  const done = new Map<number, RunSummaryView>();
  const compute = (run: RunRecord): RunSummaryView => {
    const cached = done.get(run.id);
    if (cached) return cached;
    const costUsd = store.runPage({ id: run.id, limit: 1, offset: 0 }).runs[0]?.costUsd;
    const summary = summaryView(runResultOf(run, store.caseResults(run.id)), {
      epochs: run.epochs,
      policy: storedPolicy(run),
      costUsd,
    });
    if (run.status === 'completed') done.set(run.id, summary);
    return summary;
  };
  return {
    compute,
    /** The summary if it is at hand or quick to make; undefined when the page should fetch it afterwards. */
    forPage(run: RunRecord, results: number): RunSummaryView | undefined {
      return done.get(run.id) ?? (results <= inlineResults ? compute(run) : undefined);
    },
  };
}
