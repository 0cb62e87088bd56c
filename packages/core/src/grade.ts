/**
 * How results become a verdict: item and case outcomes, repeat policies and epoch reduction, the
 * failure -> RISEN part mapping and the run's pass/fail decision.
 */

export { inputHash, labelKey, labelledOutcome } from './calibration/label-key.ts';
export { type Suggestion, suggestionsFor } from './report/suggestions.ts';
export { describeItem } from './runner/case-outcome.ts';
export { type ItemKind, type ItemOutcome, itemOutcomes } from './runner/item-outcomes.ts';
export { type CaseTally, type ItemTally, policyResolver, reduceEpochs, runPolicy } from './runner/reduce-epochs.ts';
export {
  DEFAULT_REPEAT_POLICY,
  parseRepeatPolicy,
  passesPolicy,
  readRepeatPolicy,
} from './schema/repeat-policy.ts';
