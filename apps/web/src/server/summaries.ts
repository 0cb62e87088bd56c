import type { EvalStore, RunRecord } from '@evalpacks/store';
import { type RunSummaryView, summarizeStoredRun } from '../grading/run-summary.ts';

/**
 * Run summaries, computed by core over a run's results. A completed run never changes, so its summary is
 * computed once per server; a running or interrupted run's is computed afresh on each view.
 */
export function runSummaries(store: EvalStore) {
  const done = new Map<number, RunSummaryView>();
  return (run: RunRecord): RunSummaryView => {
    const cached = done.get(run.id);
    if (cached) return cached;
    const costUsd = store.runPage({ id: run.id, limit: 1, offset: 0 }).runs[0]?.costUsd;
    const summary = summarizeStoredRun(run, store.caseResults(run.id), costUsd);
    if (run.status === 'completed') done.set(run.id, summary);
    return summary;
  };
}
