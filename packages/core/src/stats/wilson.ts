import { normalQuantile } from './normal.ts';

/** A proportion with its confidence interval. `total` may be an effective (non-integer) sample size. */
export interface Interval {
  estimate: number;
  lower: number;
  upper: number;
}

/**
 * Wilson's score interval for k successes in n trials (Wilson 1927; method 3 of Newcombe 1998). Unlike
 * the textbook p ± z·SE it stays inside [0, 1] and does not collapse to zero width at 0/n or n/n.
 * k and n may be non-integer: the clustered rates pass an effective sample size.
 */
export function wilsonInterval(k: number, n: number, level = 0.95): Interval {
  if (!(n >= 0) || !(k >= 0) || k > n) throw new RangeError(`need 0 ≤ k ≤ n, got k = ${k}, n = ${n}`);
  if (n === 0) return { estimate: Number.NaN, lower: 0, upper: 1 };
  const z = normalQuantile(1 - (1 - level) / 2);
  const z2 = z * z;
  const center = (k + z2 / 2) / (n + z2);
  const half = (z * Math.sqrt((k * (n - k)) / n + z2 / 4)) / (n + z2);
  // At 0/n and n/n the bound is exactly 0 or 1; rounding would otherwise leave it a hair inside.
  return {
    estimate: k / n,
    lower: k === 0 ? 0 : Math.max(0, center - half),
    upper: k === n ? 1 : Math.min(1, center + half),
  };
}
