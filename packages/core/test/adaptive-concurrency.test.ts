import { describe, expect, it } from 'vitest';
import { AdaptiveConcurrency } from '../src/runner/adaptive-concurrency.ts';

const times = (n: number, signal: () => void) => {
  for (let i = 0; i < n; i++) signal();
};

describe('AdaptiveConcurrency (AIMD)', () => {
  it('starts at the ceiling, halves on a throttle and never goes below 1', () => {
    const pace = new AdaptiveConcurrency(16);
    const seen: number[] = [];
    pace.onChange((limit) => seen.push(limit));
    expect(pace.limit).toBe(16);
    pace.throttled();
    expect(pace.limit).toBe(8);
    // Each cut opens a window of as many responses as calls were allowed before it; then the next throttle cuts.
    for (const window of [16, 8, 4]) {
      times(window, () => pace.throttled());
      pace.throttled();
    }
    times(50, () => pace.throttled());
    expect(pace.limit).toBe(1);
    expect(seen).toEqual([8, 4, 2, 1]);
  });

  it('cuts once per window: the throttles of calls already sent count as the same congestion', () => {
    const pace = new AdaptiveConcurrency(16);
    times(5, () => pace.throttled());
    expect(pace.limit).toBe(8);
    times(12, () => pace.throttled()); // 16 responses after the cut: the window is over
    expect(pace.limit).toBe(8);
    pace.throttled();
    expect(pace.limit).toBe(4);
  });

  it('adds one per limit-worth of successes, up to the ceiling and no further', () => {
    const pace = new AdaptiveConcurrency(6);
    pace.throttled();
    expect(pace.limit).toBe(3);
    times(3, () => pace.succeeded());
    expect(pace.limit).toBe(4);
    times(4, () => pace.succeeded());
    expect(pace.limit).toBe(5);
    times(100, () => pace.succeeded());
    expect(pace.limit).toBe(6);
    expect(pace.report()).toEqual({ ceiling: 6, final: 6, lowest: 3, throttled: 1, succeeded: 107 });
  });

  it('refuses a ceiling that is not a positive integer', () => {
    expect(() => new AdaptiveConcurrency(0)).toThrow('ceiling must be a positive integer, got 0');
  });
});
