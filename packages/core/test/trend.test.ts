import { describe, expect, it } from 'vitest';
import { analyzeTrend } from '../src/history/trend.ts';
import { wilsonInterval } from '../src/history/wilson.ts';

const runs = (counts: number[], total = 10) =>
  counts.map((passed, i) => ({ runId: String(i + 1), startedAt: `2025-01-0${i + 1}T00:00:00Z`, passed, total }));

describe('wilsonInterval', () => {
  it('matches the textbook values and stays inside [0, 1]', () => {
    const round = ({ low, high }: { low: number; high: number }) => [low.toFixed(4), high.toFixed(4)];
    expect(round(wilsonInterval(8, 10))).toEqual(['0.4902', '0.9433']);
    expect(round(wilsonInterval(10, 10))).toEqual(['0.7225', '1.0000']);
    expect(wilsonInterval(10, 10).high).toBe(1);
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

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
