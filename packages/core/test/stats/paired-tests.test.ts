import { describe, expect, it } from 'vitest';
import { exactMcNemar } from '../../src/stats/mcnemar.ts';
import { pairedPermutationTest, smallestPermutationP } from '../../src/stats/permutation.ts';
import { minimumDetectableDifference } from '../../src/stats/power.ts';

describe('exactMcNemar', () => {
  // Fagerland, Lydersen & Laake (2013) "The McNemar test for binary matched-pairs data: mid-p and
  // asymptotic are better than exact conditional", BMC Medical Research Methodology 13:91, Table 1 and
  // its worked example (Bentur et al. 2009, airway hyper-responsiveness before/after transplant):
  // discordant pairs 1 and 7, exact conditional p = 2·binomcdf(1, 8, 0.5) = 0.070.
  it('gives p = 0.0703 for 1 vs 7 discordant pairs, as in Fagerland et al. (2013)', () => {
    expect(exactMcNemar(1, 7)).toBeCloseTo(0.0703125, 10);
    expect(exactMcNemar(7, 1)).toBeCloseTo(0.0703125, 10);
  });

  it('is 1 with no or balanced discordance and needs 6 one-sided pairs to pass 0.05', () => {
    expect(exactMcNemar(0, 0)).toBe(1);
    expect(exactMcNemar(3, 3)).toBe(1);
    expect(exactMcNemar(0, 1)).toBe(1);
    expect(exactMcNemar(0, 5)).toBeCloseTo(0.0625, 12);
    expect(exactMcNemar(0, 6)).toBeCloseTo(0.03125, 12);
  });
});

describe('pairedPermutationTest', () => {
  // Fisher (1935) The Design of Experiments, §21: Darwin's 15 pairs of Zea mays (cross- minus
  // self-fertilised height, eighths of an inch). Fisher counts 1,726 of the 32,768 sign assignments with a
  // total at least as extreme, two-sided: 5.267%.
  const darwin = [49, -67, 8, 16, 6, 23, 28, 41, 14, 29, 56, 24, 75, 60, -48];

  it("reproduces Fisher's randomisation test on Darwin's data exactly", () => {
    expect(pairedPermutationTest(darwin)).toEqual({ pValue: 1726 / 32768, method: 'exact', draws: 32768 });
  });

  it('samples deterministically from the seed when there are too many cases to enumerate', () => {
    const sampled = pairedPermutationTest(darwin, { maxExactClusters: 10, seed: 7, draws: 40_000 });
    expect(sampled.method).toBe('monte-carlo');
    expect(sampled).toEqual(pairedPermutationTest(darwin, { maxExactClusters: 10, seed: 7, draws: 40_000 }));
    expect(Math.abs(sampled.pValue - 1726 / 32768)).toBeLessThan(0.005);
  });

  it('ignores unchanged cases and bottoms out at 2 / 2^n', () => {
    expect(pairedPermutationTest([1, 1, 1, 0, 0]).pValue).toBe(0.25);
    expect(pairedPermutationTest([0, 0]).pValue).toBe(1);
    expect(smallestPermutationP(3)).toBe(0.25);
    expect(smallestPermutationP(6)).toBe(0.03125);
  });
});

describe('minimumDetectableDifference', () => {
  it('is about 2.8 standard errors with many cases (80% power, α = 0.05)', () => {
    // z_0.975 + z_0.8 = 1.959964 + 0.841621 = 2.801585 (Bloom 1995).
    expect(minimumDetectableDifference({ standardError: 0.1, df: 1e6 })).toBeCloseTo(0.2801585, 5);
  });

  it('grows with few cases and is unbounded without an estimate', () => {
    // t(0.975, 2) + t(0.8, 2) = 4.302653 + 1.060660.
    expect(minimumDetectableDifference({ standardError: 0.1, df: 2 })).toBeCloseTo(0.5363313, 6);
    expect(minimumDetectableDifference({ standardError: Number.NaN, df: 0 })).toBe(Number.POSITIVE_INFINITY);
  });
});
