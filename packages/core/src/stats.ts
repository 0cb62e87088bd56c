/** Statistics: intervals, tests and power; comparing two runs; the trend over a history of runs. */
export {
  type CompareOptions,
  type Comparison,
  type ComparisonVerdict,
  compareRuns,
  type SideFigures,
} from './compare/compare-runs.ts';
export {
  type CaseChange,
  type ComparedRun,
  type ComparisonDocument,
  ComparisonSchema,
  type ItemChange,
} from './compare/comparison-schema.ts';
export {
  CORRECTED_KIND_NAMES,
  CORRECTION_REPLICATES,
  type CorrectedKind,
  correctedDifferences,
} from './compare/corrected-difference.ts';
export { type CaseComparison, type PairedItem, pairCases } from './compare/pair-cases.ts';
export { describeModel, type Series, type SeriesRun, seriesName, seriesOf } from './history/series.ts';
export {
  analyzeTrend,
  DEFAULT_TREND_POLICY,
  type Regression,
  type RunPoint,
  type Trend,
  type TrendPoint,
  type TrendPolicy,
} from './history/trend.ts';
export { binomialCdf, binomialPmf, binomialTest } from './stats/binomial.ts';
export {
  type Cluster,
  type ClusteredRate,
  clusteredMeanDifference,
  clusteredRate,
  type MeanDifference,
} from './stats/clustered.ts';
export {
  type CorrectionBootstrap,
  correctionBootstrap,
  type PairedCaseCounts,
} from './stats/correction-bootstrap.ts';
export { cohensKappa, type Kappa } from './stats/kappa.ts';
export { exactMcNemar } from './stats/mcnemar.ts';
export { normalCdf, normalQuantile } from './stats/normal.ts';
export { type PermutationTest, pairedPermutationTest, smallestPermutationP } from './stats/permutation.ts';
export {
  assumedPairedStandardError,
  minimumDetectableDifference,
  type PlannedCompare,
  plannedDetectable,
} from './stats/power.ts';
export { studentTCdf, studentTQuantile } from './stats/student-t.ts';
export { type Confusion, type CountedRate, type TrueRates, trueRates } from './stats/true-rates.ts';
export { type Interval, wilsonInterval } from './stats/wilson.ts';
