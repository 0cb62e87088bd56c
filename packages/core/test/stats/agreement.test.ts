import { describe, expect, it } from 'vitest';
import { cohensKappa } from '../../src/stats/kappa.ts';
import { trueRates } from '../../src/stats/true-rates.ts';

describe("Cohen's kappa", () => {
  // The two-reader worked example of the "Cohen's kappa" article of the English Wikipedia: 50 grant
  // proposals, both readers yes on 20, A yes / B no on 5, A no / B yes on 10, both no on 15. It works
  // p_o = 0.7, p_e = 0.5·0.6 + 0.5·0.4 = 0.5 and kappa = 0.4 by hand.
  it('reproduces the textbook two-reader example: p_o 0.7, p_e 0.5, kappa 0.4', () => {
    const result = cohensKappa([
      [20, 5],
      [10, 15],
    ]);
    expect(result.n).toBe(50);
    expect(result.observed).toBeCloseTo(0.7, 12);
    expect(result.expected).toBeCloseTo(0.5, 12);
    expect(result.kappa).toBeCloseTo(0.4, 12);
  });

  // Fleiss J.L., Levin B., Paik M.C. (2003) Statistical Methods for Rates and Proportions, 3rd ed., §18.1
  // (the example goes back to Fleiss, Cohen & Everitt 1969): 100 subjects, two diagnosticians, three
  // categories (psychiatric, neurological, organic) with cell proportions
  //   .75 .01 .04 / .05 .04 .01 / .00 .00 .10.
  // The book prints kappa = .676 with standard error .088 for the interval and .076 under kappa = 0
  // (z = .676/.076 = 8.89 from the rounded figures; 8.88 unrounded). By hand: p_o = .89, p_e = .80·.80 + .10·.05 + .10·.15 = .66, kappa = .23/.34.
  it('reproduces the Fleiss, Cohen & Everitt standard errors of the three-category example', () => {
    const result = cohensKappa([
      [75, 1, 4],
      [5, 4, 1],
      [0, 0, 10],
    ]);
    expect(result.observed).toBeCloseTo(0.89, 12);
    expect(result.expected).toBeCloseTo(0.66, 12);
    expect(result.kappa).toBeCloseTo(23 / 34, 12);
    expect(result.se.toFixed(3)).toBe('0.088');
    expect(result.seNull.toFixed(3)).toBe('0.076');
    expect((result.kappa / result.seNull).toFixed(2)).toBe('8.88');
    expect(result.lower).toBeCloseTo(result.kappa - 1.959963984540054 * result.se, 10);
    expect(result.upper).toBeCloseTo(result.kappa + 1.959963984540054 * result.se, 10);
  });

  it('is 1 for perfect agreement with a zero-width interval, and negative below chance', () => {
    const perfect = cohensKappa([
      [6, 0],
      [0, 4],
    ]);
    expect(perfect.kappa).toBe(1);
    expect([perfect.se, perfect.lower, perfect.upper]).toEqual([0, 1, 1]);
    const opposed = cohensKappa([
      [0, 5],
      [5, 0],
    ]);
    expect(opposed.kappa).toBe(-1);
  });

  it('is undefined when both raters put every item in one category (chance explains it all)', () => {
    const result = cohensKappa([
      [7, 0],
      [0, 0],
    ]);
    expect(result.n).toBe(7);
    expect(result.observed).toBe(1);
    expect(result.kappa).toBeNaN();
    expect(
      cohensKappa([
        [0, 0],
        [0, 0],
      ]).n,
    ).toBe(0);
  });

  it('refuses a table that is not square or has negative counts', () => {
    expect(() => cohensKappa([[1, 2]])).toThrow(/square/);
    expect(() =>
      cohensKappa([
        [1, -1],
        [0, 1],
      ]),
    ).toThrow(/non-negative/);
  });
});

describe('TPR and TNR', () => {
  // Altman D.G., Bland J.M. (1994) "Diagnostic tests 1: sensitivity and specificity", BMJ 308:1552: liver
  // scan against pathology, 231 of 258 abnormal livers found (sensitivity 0.895) and 54 of 86 normal ones
  // called normal (specificity 0.628). The Wilson bounds were computed by hand from
  // (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n) with z = 1.959964.
  it('reproduces the sensitivity and specificity of the liver scan example with Wilson intervals', () => {
    const { tpr, tnr } = trueRates({ truePositive: 231, falseNegative: 27, trueNegative: 54, falsePositive: 32 });
    expect([tpr.k, tpr.n, tnr.k, tnr.n]).toEqual([231, 258, 54, 86]);
    expect(tpr.estimate.toFixed(3)).toBe('0.895');
    expect(tnr.estimate.toFixed(3)).toBe('0.628');
    expect([tpr.lower.toFixed(4), tpr.upper.toFixed(4)]).toEqual(['0.8520', '0.9271']);
    expect([tnr.lower.toFixed(4), tnr.upper.toFixed(4)]).toEqual(['0.5223', '0.7225']);
  });

  it('has no estimate when the reference has no item of a class', () => {
    const { tpr, tnr } = trueRates({ truePositive: 3, falseNegative: 0, trueNegative: 0, falsePositive: 0 });
    expect(tpr.estimate).toBe(1);
    expect(tnr.n).toBe(0);
    expect(tnr.estimate).toBeNaN();
    expect([tnr.lower, tnr.upper]).toEqual([0, 1]);
  });
});
