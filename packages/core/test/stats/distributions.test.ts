import { describe, expect, it } from 'vitest';
import { binomialCdf, binomialPmf, binomialTest } from '../../src/stats/binomial.ts';
import { normalCdf, normalQuantile } from '../../src/stats/normal.ts';
import { logGamma, regularizedBeta } from '../../src/stats/special.ts';
import { studentTCdf, studentTQuantile } from '../../src/stats/student-t.ts';

describe('special functions', () => {
  it('matches closed forms: Γ(1/2) = √π, Γ(5) = 24, I_x(1, b) = 1 − (1 − x)^b', () => {
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(Math.exp(logGamma(5))).toBeCloseTo(24, 10);
    expect(regularizedBeta(0.3, 1, 4)).toBeCloseTo(1 - 0.7 ** 4, 13);
    expect(regularizedBeta(0.5, 2, 3)).toBeCloseTo(0.6875, 13);
  });
});

describe('normal distribution', () => {
  // R: qnorm(0.975), qnorm(0.8), pnorm(1.96), pnorm(-1) (R Core Team, stats package).
  it('gives the quantiles and probabilities R prints', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 10);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 10);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959963984540054, 10);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 12);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 12);
  });
});

describe("Student's t distribution", () => {
  // Two-sided 95% critical values as printed in any t table (R: qt(0.975, df)); df = 2 at 0.8 has the
  // closed form 0.6 / √0.32.
  it('gives the t-table critical values', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706204736174705, 8);
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(4.302652729911275, 9);
    expect(studentTQuantile(0.975, 9)).toBeCloseTo(2.262157162798205, 9);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.042272456301238, 9);
    expect(studentTQuantile(0.8, 2)).toBeCloseTo(0.6 / Math.sqrt(0.32), 10);
  });

  // R's documented example `t.test(extra ~ group, data = sleep, paired = TRUE)`: t = -4.0621, df = 9,
  // p-value = 0.002833.
  it("reproduces the p-value of R's paired t-test on Student's sleep data", () => {
    expect(2 * studentTCdf(-4.062127683382037, 9)).toBeCloseTo(0.00283289, 8);
  });
});

describe('binomial distribution and exact test', () => {
  it('sums to one and matches hand counts', () => {
    expect(binomialPmf(1, 8, 0.5)).toBeCloseTo(8 / 256, 14);
    expect(binomialCdf(1, 8, 0.5)).toBeCloseTo(9 / 256, 14);
    expect(binomialCdf(10, 10, 0.3)).toBeCloseTo(1, 12);
  });

  // R's documented example (?binom.test, Mendel's peas): binom.test(c(682, 243), p = 3/4) prints
  // "number of successes = 682, number of trials = 925, p-value = 0.3825".
  it("matches R's binom.test documented example", () => {
    expect(binomialTest(682, 925, 3 / 4)).toBeCloseTo(0.3825, 4);
  });

  it('is 1 at the expected count and rejects nonsense counts', () => {
    expect(binomialTest(5, 10, 0.5)).toBe(1);
    expect(() => binomialTest(11, 10)).toThrow('0 ≤ k ≤ n');
  });
});
