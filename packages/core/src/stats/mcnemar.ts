import { binomialTest } from './binomial.ts';

/**
 * Exact (conditional) McNemar test for paired binary outcomes: only discordant pairs carry information,
 * and under H0 each is equally likely to go either way, so the smaller count is Binomial(b + c, 1/2).
 * Two-sided p = min(1, 2·P(X ≤ min(b, c))); 1 when there is no discordant pair.
 */
export function exactMcNemar(b: number, c: number): number {
  if (b + c === 0) return 1;
  return binomialTest(Math.min(b, c), b + c, 0.5);
}
