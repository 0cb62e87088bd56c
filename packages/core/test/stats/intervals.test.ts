import { describe, expect, it } from 'vitest';
import { clusteredMeanDifference, clusteredRate } from '../../src/stats/clustered.ts';
import { wilsonInterval } from '../../src/stats/wilson.ts';

describe('wilsonInterval', () => {
  // Newcombe R.G. (1998) "Two-sided confidence intervals for the single proportion: comparison of seven
  // methods", Statistics in Medicine 17:857-872, Table II, method 3 (score, no continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i gives %f to %f as in Newcombe (1998)', (k, n, lower, upper) => {
    const interval = wilsonInterval(k, n);
    expect(interval.lower).toBeCloseTo(lower, 4);
    expect(interval.upper).toBeCloseTo(upper, 4);
    expect(interval.estimate).toBe(k / n);
  });

  it('stays inside [0, 1] at n/n and says nothing for n = 0', () => {
    expect(wilsonInterval(20, 20)).toMatchObject({ upper: 1 });
    expect(wilsonInterval(20, 20).lower).toBeCloseTo(1 - 0.1611, 4);
    expect(wilsonInterval(0, 0)).toMatchObject({ lower: 0, upper: 1 });
  });
});

describe('clusteredRate', () => {
  it('is plain Wilson when every cluster holds one trial', () => {
    const clusters = Array.from({ length: 29 }, (_, i) => ({ passed: i === 0 ? 1 : 0, total: 1 }));
    const rate = clusteredRate(clusters);
    expect(rate).toMatchObject({ passed: 1, total: 29, clusters: 29, designEffect: 1 });
    expect(rate.lower).toBeCloseTo(0.0061, 4);
    expect(rate.upper).toBeCloseTo(0.1718, 4);
  });

  it('counts perfectly correlated clusters as one trial each (design effect = cluster size)', () => {
    // 15 cases of 3 items where a case's items always agree: the information of 15 trials, not 45.
    const clusters = Array.from({ length: 15 }, (_, i) => ({ passed: i < 10 ? 3 : 0, total: 3 }));
    const rate = clusteredRate(clusters);
    expect(rate.designEffect).toBeCloseTo(3, 12);
    const perCase = clusteredRate(clusters.map((c) => ({ passed: c.passed / 3, total: 1 })));
    expect(rate.lower).toBeCloseTo(perCase.lower, 12);
    expect(rate.upper).toBeCloseTo(perCase.upper, 12);
    expect(rate.estimate).toBeCloseTo(2 / 3, 12);
  });

  it('computes the sandwich standard error by hand', () => {
    // p = 6/9; residuals 3 − 2, 2 − 2, 1 − 2 → Σ² = 2; SE = √2 / 9.
    const rate = clusteredRate([
      { passed: 3, total: 3 },
      { passed: 2, total: 3 },
      { passed: 1, total: 3 },
    ]);
    expect(rate.standardError).toBeCloseTo(Math.SQRT2 / 9, 12);
    expect(rate.designEffect).toBeCloseTo(2 / 81 / ((6 / 9) * (3 / 9) * (1 / 9)), 12);
  });
});

describe('clusteredMeanDifference', () => {
  // With one item per cluster it is the paired t interval. R's documented example
  // `t.test(extra ~ group, data = sleep, paired = TRUE)`: mean difference -1.58,
  // 95 percent confidence interval -2.4598858 -0.7001142 (Student 1908, the sleep data).
  it("reproduces R's paired t interval on Student's sleep data", () => {
    const drug1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
    const drug2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
    const result = clusteredMeanDifference(drug1.map((x, i) => [x - (drug2[i] as number)]));
    expect(result.mean).toBeCloseTo(-1.58, 12);
    expect(result.lower).toBeCloseTo(-2.4598858, 6);
    expect(result.upper).toBeCloseTo(-0.7001142, 6);
    expect(result).toMatchObject({ items: 10, clusters: 10, df: 9 });
  });

  it('widens with few cases: one extra catch among three cases of three items', () => {
    // mean 1/9; residuals 2/3, −1/3, −1/3 → Σ² = 2/3; SE = √(3/2 · 2/3) / 9 = 1/9; t(0.975, 2) = 4.3027.
    const result = clusteredMeanDifference([
      [1, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(result.mean).toBeCloseTo(1 / 9, 12);
    expect(result.standardError).toBeCloseTo(1 / 9, 12);
    expect(result.lower).toBeCloseTo(1 / 9 - 4.302652729911275 / 9, 9);
    expect(result.upper).toBeCloseTo(1 / 9 + 4.302652729911275 / 9, 9);
  });

  it('has no interval from a single case', () => {
    expect(clusteredMeanDifference([[1, 1]])).toMatchObject({ mean: 1, clusters: 1, df: 0, lower: -Infinity });
  });
});
