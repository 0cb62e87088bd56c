import type { Interval } from '../stats/wilson.ts';

/** 0.9634 → "96.3%"; one decimal is as much as these sample sizes can support. */
export function percent(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
}

/** "95% CI 81.7–99.3%" */
export function formatInterval(interval: Pick<Interval, 'lower' | 'upper'>, level = 0.95): string {
  const lo = (Math.round(interval.lower * 1000) / 10).toFixed(1);
  return `${Math.round(level * 100)}% CI ${lo}–${percent(interval.upper)}`;
}

/** "26/27 = 96.3% (95% CI 81.7–99.3%)": the count, so n is always in sight, then the rate and its interval. */
export function formatRate(rate: Interval & { passed: number; total: number }): string {
  if (rate.total === 0) return '0/0';
  return `${rate.passed}/${rate.total} = ${percent(rate.estimate)} (${formatInterval(rate)})`;
}

/** +12.5 points, signed, for differences between two rates. */
export function points(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? '+∞' : '−∞';
  const rounded = Math.round(value * 1000) / 10;
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toFixed(1)}`;
}

/** The complement of a "not flagged" rate: how often expectedAbsent items were flagged, interval mirrored. */
export function flagged<R extends Interval & { passed: number; total: number }>(notFlagged: R): R {
  return {
    ...notFlagged,
    passed: notFlagged.total - notFlagged.passed,
    estimate: 1 - notFlagged.estimate,
    lower: 1 - notFlagged.upper,
    upper: 1 - notFlagged.lower,
  };
}
