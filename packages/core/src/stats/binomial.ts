import { logGamma } from './special.ts';

function checkCount(k: number, n: number): void {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(k) || k < 0 || k > n) {
    throw new RangeError(`need whole numbers 0 ≤ k ≤ n, got k = ${k}, n = ${n}`);
  }
}

/** P(X = k) for X ~ Binomial(n, p). */
export function binomialPmf(k: number, n: number, p: number): number {
  checkCount(k, n);
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  const logChoose = logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
  return Math.exp(logChoose + k * Math.log(p) + (n - k) * Math.log(1 - p));
}

/** P(X ≤ k) for X ~ Binomial(n, p). */
export function binomialCdf(k: number, n: number, p: number): number {
  checkCount(k, n);
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += binomialPmf(i, n, p);
  return Math.min(1, sum);
}

/**
 * Two-sided exact binomial test of H0: success probability = p, given k successes in n trials. The
 * p-value sums the probabilities of every outcome no more likely than the observed one, the definition
 * R's binom.test uses (with its relative tolerance of 1e-7 for ties).
 */
export function binomialTest(k: number, n: number, p = 0.5): number {
  checkCount(k, n);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p must be in [0, 1], got ${p}`);
  const observed = binomialPmf(k, n, p) * (1 + 1e-7);
  let sum = 0;
  for (let i = 0; i <= n; i++) {
    const probability = binomialPmf(i, n, p);
    if (probability <= observed) sum += probability;
  }
  return Math.min(1, sum);
}
