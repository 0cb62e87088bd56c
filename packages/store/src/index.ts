export {
  CASE_FILTERS,
  type CaseFilter,
  type CaseListing,
  type CasePage,
  type CaseQuery,
} from './case-listing.ts';
export type { CostOf } from './case-results.ts';
export { StoreError } from './errors.ts';
export {
  gradedNowNote,
  gradeNow,
  gradeNowPolicy,
  gradeOf,
  gradingNow,
  type ShownGrade,
  type Ungraded,
} from './graded-now.ts';
export type { JudgeDisagreement, JudgedItem } from './judged-items.ts';
export { LabelBook } from './label-book.ts';
export type { LabelRef } from './labels.ts';
export { SCHEMA_VERSION } from './migrations.ts';
export type { RankedItem, RankSegment } from './queue-ranks.ts';
export { type KeptRanked, type RankedLabelQueue, rankedLabelQueue } from './ranked-label-queue.ts';
export type { SavedOutcome, SavedUsage } from './read-results.ts';
export type { GradeTallies } from './run-grades.ts';
export {
  type KeptForRun,
  labelledRefs,
  labelRefOf,
  type ResolvedLabels,
  type RunLabelQueue,
  runLabelQueue,
  unlabelledItems,
} from './run-label-queue.ts';
export type { RunFacets, RunFilter, RunListing, RunPage } from './run-listing.ts';
export { describeOwner, HEARTBEAT_MS, ownerAlive, STALE_MS, thisProcess } from './run-liveness.ts';
export type { OwnerRecord, RunOwner } from './run-owner.ts';
export type { RunKind, RunMeta, RunOutcome, RunRecord, RunStatus } from './runs.ts';
export { EvalStore } from './store.ts';
