import type { RunRecord } from '@evalpacks/store';
import { type Html, html } from './html.ts';
import { badge } from './layout.ts';

/** A run as the viewer shows it: a 'running' run whose process is gone is shown interrupted, and why. */
export type ShownRun<T extends RunRecord = RunRecord> = T & {
  /** The gone owner ("pid 4242 on build-7, last heartbeat 80 s ago"), set when the status was derived. */
  processGone?: string;
};

/** The CLI's own words for finishing a run (see the interruption message of `pnpm eval`). */
const finishHint = (run: RunRecord) => (run.kind === 'eval' ? `; finish it with: pnpm eval --resume ${run.id}` : '');

/** The status badge, with a short "process gone" beside it when that is why the run shows interrupted. */
export const statusCell = (run: ShownRun): Html =>
  run.processGone
    ? html`${badge(run.status)} <span class="dim" title="stopped: process gone${finishHint(run)}">(process gone)</span>`
    : badge(run.status);

/** The run page's line under the heading for a run nobody is recording any more. */
export const processGoneNote = (run: ShownRun): Html =>
  run.processGone
    ? html`<p class="problem" id="process-gone">stopped: process gone (${run.processGone})${finishHint(run)}</p>`
    : html``;
