import type { ModelRef } from '../schema/result.ts';
import { analyzeTrend, type Trend } from './trend.ts';

/** A model as every surface names it: "ollama qwen3.5:4b", or "none" for a run without a judge. */
export const describeModel = (ref: ModelRef | undefined) => (ref ? `${ref.backend} ${ref.model}` : 'none');

/** A completed run as a history reads it: what it asked of which models, and its cases passed (its grade's). */
export interface SeriesRun {
  id: number;
  variant: string;
  agent: ModelRef;
  judge?: ModelRef;
  offline: boolean;
  startedAt: string;
  passed: number;
  total: number;
}

/** Runs are comparable when they ask the same prompt of the same models the same way. */
export function seriesName(run: Pick<SeriesRun, 'variant' | 'agent' | 'judge' | 'offline'>): string {
  const offline = run.offline ? ' · offline' : '';
  return `${run.variant} · agent ${describeModel(run.agent)} · judge ${describeModel(run.judge)}${offline}`;
}

export interface Series<R extends SeriesRun> {
  name: string;
  runs: R[];
  trend: Trend;
}

/** A pack's completed runs in series of comparable runs, in the order given, each with its trend. */
export function seriesOf<R extends SeriesRun>(runs: readonly R[]): Series<R>[] {
  const groups = new Map<string, R[]>();
  for (const run of runs) {
    const name = seriesName(run);
    const group = groups.get(name);
    if (group) group.push(run);
    else groups.set(name, [run]);
  }
  return [...groups].map(([name, members]) => ({
    name,
    runs: members,
    trend: analyzeTrend(
      members.map((run) => ({ runId: String(run.id), startedAt: run.startedAt, passed: run.passed, total: run.total })),
    ),
  }));
}
