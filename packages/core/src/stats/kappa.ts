import { normalQuantile } from './normal.ts';

/** Cohen's kappa for two raters over the same items, with its large-sample standard errors. */
export interface Kappa {
  /** (observed − expected) / (1 − expected); NaN when chance alone explains every rating (expected = 1). */
  kappa: number;
  /** Share of items both raters put in the same category. */
  observed: number;
  /** Agreement expected by chance from the two raters' own category shares. */
  expected: number;
  /** Items rated. */
  n: number;
  /** Standard error for an interval around kappa (Fleiss, Cohen & Everitt 1969). */
  se: number;
  /** Standard error under kappa = 0, for a test of chance agreement (same paper). */
  seNull: number;
  /** Lower and upper ends of kappa ± z·se, kept inside [−1, 1]. */
  lower: number;
  upper: number;
}

/**
 * Cohen's kappa (Cohen 1960) from a square table of counts: `table[i][j]` items the first rater put in
 * category i and the second in category j. The standard errors are the large-sample ones of Fleiss,
 * Cohen & Everitt (1969), the formulas most software prints; with few items the normal interval is rough,
 * which is why a caller should show the item count beside it.
 */
export function cohensKappa(table: readonly (readonly number[])[], level = 0.95): Kappa {
  const k = table.length;
  if (k < 2 || table.some((row) => row.length !== k))
    throw new RangeError('kappa needs a square table of 2+ categories');
  if (table.some((row) => row.some((count) => !(count >= 0)))) throw new RangeError('kappa needs non-negative counts');
  const n = table.flat().reduce((sum, count) => sum + count, 0);
  if (n === 0) return empty(0);
  const p = table.map((row) => row.map((count) => count / n));
  const rows = p.map((row) => row.reduce((sum, x) => sum + x, 0));
  const cols = p[0]?.map((_, j) => p.reduce((sum, row) => sum + (row[j] ?? 0), 0)) ?? [];
  const cell = (i: number, j: number) => p[i]?.[j] ?? 0;
  const row = (i: number) => rows[i] ?? 0;
  const col = (i: number) => cols[i] ?? 0;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    observed += cell(i, i);
    expected += row(i) * col(i);
  }
  if (expected >= 1 - 1e-12) return { ...empty(n), observed };
  const kappa = (observed - expected) / (1 - expected);

  // Fleiss, Cohen & Everitt (1969), eq. 13: the variance of kappa when kappa is not zero.
  let diagonal = 0;
  let offDiagonal = 0;
  let nullSum = 0;
  for (let i = 0; i < k; i++) {
    diagonal += cell(i, i) * (1 - (row(i) + col(i)) * (1 - kappa)) ** 2;
    nullSum += row(i) * col(i) * (row(i) + col(i));
    for (let j = 0; j < k; j++) if (i !== j) offDiagonal += cell(i, j) * (col(i) + row(j)) ** 2;
  }
  const spread = diagonal + (1 - kappa) ** 2 * offDiagonal - (kappa - expected * (1 - kappa)) ** 2;
  const scale = n * (1 - expected) ** 2;
  const se = Math.sqrt(Math.max(0, spread) / scale);
  // Same paper, eq. 14: under kappa = 0 the variance depends on the margins alone.
  const seNull = Math.sqrt(Math.max(0, expected + expected ** 2 - nullSum) / scale);
  const z = normalQuantile(1 - (1 - level) / 2);
  return {
    kappa,
    observed,
    expected,
    n,
    se,
    seNull,
    lower: Math.max(-1, kappa - z * se),
    upper: Math.min(1, kappa + z * se),
  };
}

function empty(n: number): Kappa {
  return {
    kappa: Number.NaN,
    observed: Number.NaN,
    expected: Number.NaN,
    n,
    se: Number.NaN,
    seNull: Number.NaN,
    lower: Number.NaN,
    upper: Number.NaN,
  };
}
