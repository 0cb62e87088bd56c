import type { GradeSummary } from '@evalpacks/core/grade';
import { type EvalStore, gradeNow, gradingNow, type RunRecord, type ShownGrade } from '@evalpacks/store';
import { type RunSummaryView, summaryView } from '../grading/run-summary.ts';

/**
 * Runs up to this many results get their summary while their page is drawn; a larger one's page comes at
 * once and its summary follows from /runs/:id/summary.json: a read of its stored grade, or (a run without
 * one) graded a few hundred results at a time between other requests.
 */
export const INLINE_RESULTS = 1000;

/** Lets other requests in between two steps of a long piece of work. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Run summaries, rendered by core from each run's stored grade (a read). A run without one (an older
 * evalpacks recorded it, or it has not finished) is graded now and says so; a completed one's is kept for
 * the life of the server, since a completed run never changes.
 */
export function runSummaries(store: EvalStore, inlineResults = INLINE_RESULTS) {
  const kept = new Map<number, RunSummaryView>();
  const grading = new Map<number, Promise<RunSummaryView>>();
  const facts = (run: RunRecord) => ({
    ...run,
    costUsd: store.runPage({ id: run.id, limit: 1, offset: 0 }).runs[0]?.costUsd,
  });
  const view = (run: RunRecord, shown: ShownGrade<GradeSummary>): RunSummaryView => {
    const made = summaryView(shown, facts(run));
    if (run.status === 'completed') kept.set(run.id, made);
    return made;
  };
  /** The stored grade's summary, or one kept from before; undefined when the run must be graded now. */
  const atHand = (run: RunRecord): RunSummaryView | undefined => {
    const known = kept.get(run.id);
    if (known) return known;
    const stored = store.gradeSummary(run.id);
    return stored ? view(run, { grade: stored }) : undefined;
  };
  return {
    /** The run's summary: a read of its stored grade, else graded now without holding up other requests. */
    async compute(run: RunRecord): Promise<RunSummaryView> {
      const ready = atHand(run);
      if (ready) return ready;
      let pending = grading.get(run.id);
      if (!pending) {
        pending = (async () => {
          const steps = gradingNow(store, run);
          for (let step = steps.next(); ; step = steps.next()) {
            if (step.done) return view(run, step.value);
            await turn();
          }
        })().finally(() => grading.delete(run.id));
        grading.set(run.id, pending);
      }
      return pending;
    },
    /**
     * The summary if it is kept or the run is small; undefined when the page should fetch it afterwards (a
     * large run's summary, flaky items and suggestions can be megabytes: the page comes first).
     */
    forPage(run: RunRecord, results: number): RunSummaryView | undefined {
      const known = kept.get(run.id);
      if (known || results > inlineResults) return known;
      return atHand(run) ?? view(run, gradeNow(store, run));
    },
  };
}
