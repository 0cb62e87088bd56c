/**
 * pass@1 and pass^k over a repeated run, the headline of a conversation pack (a customer gets one try, so
 * what matters is how often the agent gets the case right every time, not on average).
 *
 * Per case, with n graded epochs of which c passed: pass@1 = c/n, and pass^k = C(c,k)/C(n,k), the
 * unbiased estimator of tau-bench (Yao et al. 2024) of the chance that k fresh tries all pass; with
 * n = k it is 1 when all k passed and 0 otherwise. An epoch counts as graded when it passed or failed:
 * an epoch with an agent, judge or user-simulator error, or with judged items never judged (structural
 * only), is evidence of neither, so it is left out of n as errors are left out of the pass rate. A case
 * with fewer than k graded epochs has no pass^k and is left out of its mean.
 *
 * Overall figures are means over cases with a 95% percentile bootstrap over cases: a case's epochs are
 * not independent trials (the same case is hard every time), so the case is the unit resampled. The
 * generator is seeded, so the same grade always carries the same interval (grading is pure).
 */
import type { CaseTally, PassKFigures } from './grade-schema.ts';

const RESAMPLES = 2000;
const SEED = 1;

/** C(c,k)/C(n,k) as a product, exact for the small n of a repeated run; NaN when n < k. */
export function passHatK(passed: number, graded: number, k: number): number {
  if (graded < k || k < 1) return Number.NaN;
  let value = 1;
  for (let i = 0; i < k; i++) value *= Math.max(0, passed - i) / (graded - i);
  return value;
}

/** c/n; NaN when no epoch was graded. */
export function passAt1(passed: number, graded: number): number {
  return graded > 0 ? passed / graded : Number.NaN;
}

/**
 * The mean of the values and its 95% percentile bootstrap interval over them (each value one case). The
 * generator (seededRandom's mulberry32) is written out in the loop, which draws 2,000 x cases numbers (40
 * million for a pass@1 and pass^k of 10,000 cases): a call a draw took twice the time, for the same draws.
 * Values all alike (every case passed every epoch, or none did) make every resample the same sum: it is
 * added up once, in the order a resample adds it, without drawing.
 */
function meanWithInterval(values: readonly number[]): { estimate: number; lower: number; upper: number } {
  if (values.length === 0) return { estimate: Number.NaN, lower: 0, upper: 1 };
  const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const n = values.length;
  const first = values[0] as number;
  if (values.every((value) => Object.is(value, first))) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += first;
    return { estimate: mean(values), lower: sum / n, upper: sum / n };
  }
  const drawn = Float64Array.from(values);
  let state = SEED >>> 0;
  const means = new Float64Array(RESAMPLES);
  for (let r = 0; r < RESAMPLES; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      sum += drawn[Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)] as number;
    }
    means[r] = sum / n;
  }
  means.sort();
  const at = (q: number) => means[Math.min(RESAMPLES - 1, Math.max(0, Math.floor(q * RESAMPLES)))] as number;
  return { estimate: mean(values), lower: at(0.025), upper: at(0.975) };
}

/** A case's graded and passed epochs, as the tally keeps them (absent in grades stored before pass^k). */
export function epochCounts(tally: Pick<CaseTally, 'epochsPassed' | 'epochsGraded'>) {
  return { passed: tally.epochsPassed ?? 0, graded: tally.epochsGraded ?? 0 };
}

/** pass@1 and pass^k over the cases, k the run's epochs; undefined below two epochs (nothing to add). */
export function passKFigures(tallies: readonly CaseTally[], k: number): PassKFigures | undefined {
  if (k < 2) return undefined;
  const counts = tallies.map(epochCounts);
  const at1 = counts.filter((c) => c.graded > 0).map((c) => passAt1(c.passed, c.graded));
  const hatK = counts.filter((c) => c.graded >= k).map((c) => passHatK(c.passed, c.graded, k));
  return {
    k,
    passAt1: { ...meanWithInterval(at1), cases: at1.length },
    passHatK: { ...meanWithInterval(hatK), cases: hatK.length },
  };
}
