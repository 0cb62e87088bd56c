import { describe, expect, it } from 'vitest';
import type { LabelConfusion } from '../src/schema/corrected.ts';
import { correctionBootstrap, type PairedCaseCounts } from '../src/stats/correction-bootstrap.ts';

/** TPR 6/10, TNR 7/10: the labels of compare's e2e test, where about one resample in eight leaves J* ≤ 0. */
const LABELS: LabelConfusion = { truePositive: 6, falseNegative: 4, trueNegative: 7, falsePositive: 3 };

/** Twelve cases of four items, the pass counts spread so no two resamples need agree. */
const CASES: PairedCaseCounts[] = Array.from({ length: 12 }, (_, c) => ({
  baseline: { passed: c % 5, total: 4 },
  variant: { passed: (c * 3) % 5, total: 4 },
}));

/** P(k of n) for each k under Binomial(n, p). */
function binomial(n: number, p: number): number[] {
  const out: number[] = [];
  let choose = 1;
  for (let k = 0; k <= n; k++) {
    out.push(choose * p ** k * (1 - p) ** (n - k));
    choose = (choose * (n - k)) / (k + 1);
  }
  return out;
}

describe('the paired bootstrap of corrected differences', () => {
  it('resamples cases in pairs and applies one label resample to both sides when they share labels', () => {
    // The same counts on both sides (an A/A comparison): paired case resamples give a raw difference of exactly
    // zero in every replicate, and one label resample for both corrects both alike, so the corrected one too.
    const same = CASES.map((c) => ({ baseline: c.baseline, variant: c.baseline }));
    const options = { replicates: 2000, seed: 1, level: 0.95 };
    const labels = { baseline: LABELS, variant: LABELS };
    const shared = correctionBootstrap(same, labels, { ...options, labels: 'shared' });
    expect(shared.raw).toEqual({ lower: 0, upper: 0 });
    expect(shared.corrected).toEqual({ lower: 0, upper: 0 });
    // Resampled apart, the same labels give each side its own TPR* and TNR*: the corrected interval opens.
    const apart = correctionBootstrap(same, labels, { ...options, labels: 'independent' });
    expect(apart.raw).toEqual({ lower: 0, upper: 0 });
    expect(apart.corrected.lower).toBeLessThan(-0.1);
    expect(apart.corrected.upper).toBeGreaterThan(0.1);
  });

  it('leaves out and counts the replicates whose resampled labels give TPR* + TNR* − 1 ≤ 0, at the binomial rate', () => {
    // TPR* = X/10, TNR* = Y/10 with X ~ Bin(10, 0.6), Y ~ Bin(10, 0.7): J* ≤ 0 exactly when X + Y ≤ 10.
    const [x, y] = [binomial(10, 0.6), binomial(10, 0.7)];
    let exact = 0;
    for (let i = 0; i <= 10; i++) for (let j = 0; j <= 10 - i; j++) exact += (x[i] ?? 0) * (y[j] ?? 0);
    expect(exact).toBeCloseTo(0.12044, 5);
    const replicates = 20000;
    const labels = { baseline: LABELS, variant: LABELS };
    const options = { replicates, seed: 1, level: 0.95 };
    const shared = correctionBootstrap(CASES, labels, { ...options, labels: 'shared' });
    const apart = correctionBootstrap(CASES, labels, { ...options, labels: 'independent' });
    // Seed 1 draws these; seeds 1-10 average 2403 and 4520 against the 2409 and 4528 expected below.
    expect([shared.undefinedReplicates, apart.undefinedReplicates]).toEqual([2384, 4357]);
    // One draw of the labels a replicate (shared): left out at the rate P of one draw; two independent draws
    // (apart): left out when either is, 1 − (1 − P)². Within four standard errors (46 and 59 replicates): leaving
    // out J* < 0 only (J* = 0 is X + Y = 10, P 0.068: 1366 replicates) or sharing the draw when it should not be
    // (2409 against 4528) is 20 or more standard errors away.
    const within = (count: number, p: number) =>
      Math.abs(count / replicates - p) < 4 * Math.sqrt((p * (1 - p)) / replicates);
    expect(within(shared.undefinedReplicates, exact)).toBe(true);
    expect(within(apart.undefinedReplicates, 1 - (1 - exact) ** 2)).toBe(true);
    expect(within(apart.undefinedReplicates, exact)).toBe(false);
  });
});
