import { invertCdf, regularizedGammaP } from './special.ts';

/** Φ(x), the standard normal distribution function (through erf(x/√2) = P(1/2, x²/2)). */
export function normalCdf(x: number): number {
  const half = regularizedGammaP(0.5, (x * x) / 2) / 2;
  return x >= 0 ? 0.5 + half : 0.5 - half;
}

/** Φ⁻¹(p): the z with Φ(z) = p, for 0 < p < 1 (enough precision for interval levels, not for 1e-12 tails). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  return invertCdf(normalCdf, p);
}
