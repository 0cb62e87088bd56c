import { describe, expect, it } from 'vitest';
import { analyzeTrend } from '../src/history/trend.ts';

const runs = (counts: number[], total = 10) =>
  counts.map((passed, i) => ({ runId: String(i + 1), startedAt: `2025-01-0${i + 1}T00:00:00Z`, passed, total }));

describe('analyzeTrend', () => {
  it('flags the last three runs all below the earlier median beyond their intervals', () => {
    const trend = analyzeTrend(runs([10, 9, 10, 2, 1, 2]));
    expect(trend.regression).toEqual({ baseline: 1, runIds: ['4', '5', '6'] });
    expect(trend.points.map((p) => p.rate)).toEqual([1, 0.9, 1, 0.2, 0.1, 0.2]);
  });

  it('does not flag a single dip, nor a drop the intervals can explain', () => {
    expect(analyzeTrend(runs([10, 10, 10, 10, 2, 10])).regression).toBeUndefined();
    expect(analyzeTrend(runs([9, 9, 9, 8, 8, 8])).regression).toBeUndefined();
    expect(analyzeTrend(runs([9, 9, 9, 8, 7, 8])).regression).toBeUndefined();
    expect(analyzeTrend(runs([9, 9, 9, 6, 7, 6])).regression?.runIds).toEqual(['4', '5', '6']);
  });

  it('needs three earlier runs before it calls anything, and sorts by start time', () => {
    expect(analyzeTrend(runs([10, 2, 1, 2])).regression).toBeUndefined();
    const shuffled = runs([2, 10, 9, 10, 1, 2]).map((run, i) => ({
      ...run,
      startedAt: `2025-01-0${[4, 1, 2, 3, 5, 6][i]}`,
    }));
    expect(analyzeTrend(shuffled).regression?.runIds).toEqual(['1', '5', '6']);
  });
});
