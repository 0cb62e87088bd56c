/**
 * Special functions the distributions are built on. Written from the textbook definitions (Lanczos
 * gamma, series and continued fractions for the incomplete gamma and beta functions) so core needs no
 * numerics dependency; the tests pin them against published values.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7; about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = LANCZOS[0] as number;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] as number) / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 10_000;

/** Modified Lentz evaluation of a continued fraction b0 + a1/(b1 + a2/(b2 + ...)) with b0 = 0 handled by the caller. */
function continuedFraction(term: (m: number) => [a: number, b: number], first: number): number {
  let f = first === 0 ? TINY : first;
  let c = f;
  let d = 0;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const [a, b] = term(m);
    d = b + a * d;
    d = Math.abs(d) < TINY ? 1 / TINY : 1 / d;
    c = b + a / c;
    if (Math.abs(c) < TINY) c = TINY;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < EPSILON) return f;
  }
  return f;
}

/** The regularized lower incomplete gamma function P(a, x). */
export function regularizedGammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_ITERATIONS && Math.abs(term) > Math.abs(sum) * EPSILON; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return Math.min(1, sum * Math.exp(logPrefix));
  }
  return 1 - regularizedGammaQ(a, x);
}

/** The regularized upper incomplete gamma function Q(a, x) = 1 − P(a, x). */
export function regularizedGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) return 1 - regularizedGammaP(a, x);
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  // Legendre's continued fraction, in the even form 1/(x+1-a- 1·(1-a)/(x+3-a- ...)).
  const fraction = continuedFraction((m) => [-m * (m - a), x + 2 * m + 1 - a], x + 1 - a);
  return Math.exp(logPrefix) / fraction;
}

/** The regularized incomplete beta function I_x(a, b). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  // The continued fraction converges fast only below the mean; use the symmetry I_x(a,b) = 1 − I_{1−x}(b,a).
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedBeta(1 - x, b, a);
  const logPrefix = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  const fraction = continuedFraction((m) => {
    const k = Math.floor((m + 1) / 2);
    const numerator =
      m % 2 === 1
        ? -((a + k - 1) * (a + b + k - 1) * x) / ((a + 2 * k - 2) * (a + 2 * k - 1))
        : (k * (b - k) * x) / ((a + 2 * k - 1) * (a + 2 * k));
    return [numerator, 1];
  }, 1);
  return Math.exp(logPrefix) / (a * fraction);
}

/** The x where a continuous increasing `cdf` reaches p, by bracketing and bisection (to ~1e-12). */
export function invertCdf(cdf: (x: number) => number, p: number): number {
  let lo = -1;
  let hi = 1;
  while (cdf(lo) > p) lo *= 2;
  while (cdf(hi) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-13 * Math.max(1, Math.abs(lo)); i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
