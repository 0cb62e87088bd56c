/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval of a pass rate: unlike passed/total ± error, it stays inside [0, 1] and
 * is honest for the small counts an eval has. Kept private to history until the shared stats module
 * lands; then this should call it instead.
 */
export function wilsonInterval(passed: number, total: number, z = Z95): { low: number; high: number } {
  if (total <= 0) return { low: 0, high: 1 };
  const p = passed / total;
  const z2 = z * z;
  const denominator = 1 + z2 / total;
  const center = (p + z2 / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  // At 0/n and n/n the bound is exactly 0 or 1; floating point would land a hair inside.
  return {
    low: passed <= 0 ? 0 : Math.max(0, center - half),
    high: passed >= total ? 1 : Math.min(1, center + half),
  };
}
