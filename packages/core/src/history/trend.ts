import { wilsonInterval } from '../stats/wilson.ts';

/** One run's outcome: how many case results passed out of how many. */
export interface RunPoint {
  runId: string;
  startedAt: string;
  passed: number;
  total: number;
}

export interface TrendPoint extends RunPoint {
  rate: number;
  /** Wilson 95% interval of the rate. */
  lower: number;
  upper: number;
}

export interface Regression {
  /** The median pass rate of the runs before the window. */
  baseline: number;
  /** The runs in the window, all below the baseline beyond their intervals. */
  runIds: string[];
}

export interface Trend {
  points: TrendPoint[];
  regression?: Regression;
}

/** The default: three runs in a row below the median of at least three before them. */
export const DEFAULT_TREND_POLICY: TrendPolicy = { window: 3, minEarlier: 3 };

export interface TrendPolicy {
  /** How many latest runs must all be below the baseline (default 3). */
  window: number;
  /** How many earlier runs the baseline needs at least (default 3). */
  minEarlier: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Pass rates over time with their intervals, and a sustained regression when the last `window` runs
 * are all below the median of the earlier ones by more than their own 95% interval. A single bad run,
 * or a dip the interval can explain, is noise and is not flagged.
 */
export function analyzeTrend(runs: RunPoint[], policy: TrendPolicy = DEFAULT_TREND_POLICY): Trend {
  const points = [...runs]
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .map((run) => {
      const { lower, upper } = wilsonInterval(run.passed, run.total);
      return { ...run, rate: run.total > 0 ? run.passed / run.total : 0, lower, upper };
    });
  if (points.length < policy.window + policy.minEarlier) return { points };
  const earlier = points.slice(0, -policy.window);
  const latest = points.slice(-policy.window);
  const baseline = median(earlier.map((point) => point.rate));
  if (!latest.every((point) => point.upper < baseline)) return { points };
  return { points, regression: { baseline, runIds: latest.map((point) => point.runId) } };
}
