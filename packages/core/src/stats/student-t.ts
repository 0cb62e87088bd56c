import { invertCdf, regularizedBeta } from './special.ts';

function checkDf(df: number): void {
  if (!(df > 0)) throw new RangeError(`Student's t needs degrees of freedom > 0, got ${df}`);
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  checkDf(df);
  const tail = regularizedBeta(df / (df + t * t), df / 2, 0.5) / 2;
  return t >= 0 ? 1 - tail : tail;
}

/** The t with P(T ≤ t) = p. */
export function studentTQuantile(p: number, df: number): number {
  checkDf(df);
  if (!(p > 0 && p < 1)) throw new RangeError(`studentTQuantile needs 0 < p < 1, got ${p}`);
  return invertCdf((t) => studentTCdf(t, df), p);
}
