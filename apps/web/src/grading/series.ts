import { analyzeTrend, type Trend } from '@evalpacks/core';
import type { RunOutcome } from '@evalpacks/store';
import { describeModel } from '../views/format.ts';

export interface Series {
  name: string;
  runs: RunOutcome[];
  trend: Trend;
}

/** Runs are comparable when they ask the same prompt of the same models the same way (as `pnpm history`). */
function seriesName(run: RunOutcome): string {
  const offline = run.offline ? ' · offline' : '';
  return `${run.variant} · agent ${describeModel(run.agent)} · judge ${describeModel(run.judge)}${offline}`;
}

/** A pack's completed runs in series, each with core's trend and regression flag. */
export function seriesOf(outcomes: RunOutcome[]): Series[] {
  const groups = new Map<string, RunOutcome[]>();
  for (const run of outcomes) groups.set(seriesName(run), [...(groups.get(seriesName(run)) ?? []), run]);
  return [...groups].map(([name, runs]) => ({
    name,
    runs,
    trend: analyzeTrend(
      runs.map((run) => ({ runId: String(run.id), startedAt: run.startedAt, passed: run.passed, total: run.total })),
    ),
  }));
}
