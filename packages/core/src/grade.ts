/**
 * How results become a grade: the skip-the-judge rule, item and case outcomes, repeat policies and epoch
 * reduction, the failure -> RISEN part mapping, and gradeRun (the run's pass/fail and exit decision) with
 * the schema of the grade it returns, which the store keeps with the run.
 */

export { comparisonExitCode } from './compare/comparison-exit.ts';
export { caseOutcome } from './grade/case-outcome.ts';
export {
  asRecord,
  type CaseRecord,
  type CaseRef,
  type CompactRun,
  caseRecord,
  type Gradable,
  type GradableRun,
  type ResultFigures,
  recordSharing,
  type Share,
} from './grade/case-record.ts';
export {
  type CaseStanding,
  notJudgedOf,
  resultStanding,
  STRUCTURAL_ONLY,
  standingOf,
} from './grade/case-standing.ts';
export { describeItem } from './grade/describe-item.ts';
export { caseFailures, type Failure, type Graded, JUDGED_ITEM_PART } from './grade/failures.ts';
export { type GradeOptions, gradeRun } from './grade/grade-run.ts';
export {
  type CaseTally,
  CaseTallySchema,
  type Counts,
  CountsSchema,
  type GradeSummary,
  GradeSummarySchema,
  type ItemTally,
  ItemTallySchema,
  type PassKFigures,
  PassKFiguresSchema,
  type RunFigures,
  RunFiguresSchema,
  type RunGrade,
  RunGradeSchema,
  type Suggestion,
  SuggestionSchema,
} from './grade/grade-schema.ts';
export { type ItemKind, type ItemOutcome, itemOutcomes } from './grade/item-outcomes.ts';
export { type JudgeDecision, judgeDecision } from './grade/judge-skip.ts';
export { epochCounts, passAt1, passHatK, passKFigures } from './grade/pass-k.ts';
export { countItems, policyResolver, reduceEpochs, runPolicy } from './grade/reduce-epochs.ts';
export { suggestionsFor, suggestionsOf } from './grade/suggestions.ts';
export {
  type CorrectedFigures,
  CorrectedFiguresSchema,
  type CorrectedRate,
  CorrectedRateSchema,
  type JudgeIdentity,
  type LabelConfusion,
} from './schema/corrected.ts';
export {
  type CorrectedDifferences,
  CorrectedDifferencesSchema,
  type DifferenceInterval,
  type KindDifference,
} from './schema/corrected-difference.ts';
export {
  DEFAULT_REPEAT_POLICY,
  parseRepeatPolicy,
  passesPolicy,
  readRepeatPolicy,
} from './schema/repeat-policy.ts';
export {
  correctedFigures,
  correctedRate,
  type JudgeCalibration,
  MIN_LABELS_PER_OUTCOME,
  MIN_YOUDEN,
  type RawRate,
} from './stats/corrected-rate.ts';
