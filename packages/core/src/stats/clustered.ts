import { studentTQuantile } from './student-t.ts';
import { type Interval, wilsonInterval } from './wilson.ts';

/** Passes out of trials within one cluster (a case: its items, its epochs). */
export interface Cluster {
  passed: number;
  total: number;
}

export interface ClusteredRate extends Interval {
  passed: number;
  total: number;
  clusters: number;
  /** Clustered variance over binomial variance, at least 1: how much the clustering widens the interval. */
  designEffect: number;
  /** The cluster-robust standard error of the rate (0 when every trial agrees). */
  standardError: number;
}

/**
 * A pass rate over clustered trials with a 95% interval that does not pretend they are independent.
 * The variance is the cluster-robust (sandwich) estimator, Var = Σ_c (k_c − p·n_c)² / n², as recommended
 * for eval benchmarks by Miller (2024, "Adding Error Bars to Evals", arXiv:2411.00640, §2.2). Its ratio to
 * the binomial variance is the design effect; the interval is Wilson's with the effective sample size
 * n / deff (Korn & Graubard 1998), which keeps Wilson's good behaviour near 0 and 1. The design effect is
 * never taken below 1, so clustering only ever widens the interval; one trial per cluster gives plain Wilson.
 */
export function clusteredRate(clusters: readonly Cluster[], level = 0.95): ClusteredRate {
  let passed = 0;
  let total = 0;
  for (const cluster of clusters) {
    passed += cluster.passed;
    total += cluster.total;
  }
  if (total === 0) {
    return { estimate: Number.NaN, lower: 0, upper: 1, passed, total, clusters: 0, designEffect: 1, standardError: 0 };
  }
  const rate = passed / total;
  let sumSquares = 0;
  for (const cluster of clusters) sumSquares += (cluster.passed - rate * cluster.total) ** 2;
  const clusteredVariance = sumSquares / (total * total);
  const binomialVariance = (rate * (1 - rate)) / total;
  const ratio = binomialVariance > 0 ? clusteredVariance / binomialVariance : 1;
  // Rounding can leave an exact 1 a hair above it; that should not count as clustering.
  const designEffect = ratio > 1 + 1e-9 ? ratio : 1;
  const effective = total / designEffect;
  const interval = wilsonInterval(rate * effective, effective, level);
  return {
    ...interval,
    estimate: rate,
    passed,
    total,
    clusters: clusters.filter((cluster) => cluster.total > 0).length,
    designEffect,
    standardError: Math.sqrt(clusteredVariance),
  };
}

export interface MeanDifference {
  /** The mean of the per-item differences. */
  mean: number;
  standardError: number;
  lower: number;
  upper: number;
  items: number;
  clusters: number;
  /** Degrees of freedom of the t critical value: clusters − 1. */
  df: number;
}

/**
 * The mean of paired per-item differences (variant − baseline), items grouped in clusters (cases), with a
 * confidence interval from the cluster-robust standard error with the small-sample factor G/(G−1) and a
 * t critical value on G − 1 degrees of freedom (Cameron & Miller 2015, "A Practitioner's Guide to
 * Cluster-Robust Inference", §VI). With one item per cluster this is exactly the paired t interval.
 */
export function clusteredMeanDifference(clusters: readonly (readonly number[])[], level = 0.95): MeanDifference {
  const used = clusters.filter((items) => items.length > 0);
  const items = used.reduce((sum, cluster) => sum + cluster.length, 0);
  const sums = used.map((cluster) => cluster.reduce((sum, d) => sum + d, 0));
  const g = used.length;
  const mean = items > 0 ? sums.reduce((sum, s) => sum + s, 0) / items : 0;
  if (g < 2) {
    return { mean, standardError: Number.NaN, lower: -Infinity, upper: Infinity, items, clusters: g, df: 0 };
  }
  let sumSquares = 0;
  used.forEach((cluster, i) => {
    sumSquares += ((sums[i] as number) - mean * cluster.length) ** 2;
  });
  const standardError = Math.sqrt(((g / (g - 1)) * sumSquares) / (items * items));
  const t = studentTQuantile(1 - (1 - level) / 2, g - 1);
  return {
    mean,
    standardError,
    lower: mean - t * standardError,
    upper: mean + t * standardError,
    items,
    clusters: g,
    df: g - 1,
  };
}
