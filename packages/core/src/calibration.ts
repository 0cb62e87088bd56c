/**
 * Calibrating a judge against people's labels: a pack's labels file, label keys, judging the labelled
 * cases, agreement (kappa, true rates), comparing two judges, the fix list and their console lines.
 * For the CLI's `calibrate`, the viewer's labelling and the store's labels; not for packs.
 */

export {
  type Agreement,
  type AgreementFigures,
  agreementOf,
  type Disagreement,
  measureAgreement,
  outcomes,
} from './calibration/agreement.ts';
export {
  agreementLines,
  type CalibratedJudge,
  comparisonLines,
  fixLines,
  formatKappa,
  rate,
  staleLines,
} from './calibration/calibration-console.ts';
export { compareJudges, type JudgeComparison } from './calibration/compare-judges.ts';
export { type FixItem, fixList } from './calibration/fix-list.ts';
export { type JudgeCalibration, judgeCalibration } from './calibration/judge-calibration.ts';
export { judgeLabels, type LabelledVerdict, type StaleLabel } from './calibration/judge-labels.ts';
export { inputHash, labelKey, labelledOutcome } from './calibration/label-key.ts';
export {
  disagreementsOf,
  itemLabelsKey,
  itemRef,
  type LabelQueueInputs,
  labelCountsOf,
  orderLabelQueue,
  type QueueCandidate,
  type QueuedItem,
  type QueueReason,
  queueReasonText,
} from './calibration/label-queue.ts';
export { labelVerdict, type PersonsWord } from './calibration/label-verdict.ts';
export {
  formatLabels,
  type LabelLine,
  labelsPath,
  loadPackLabels,
  parseLabels,
  readLabelLines,
  writePackLabels,
} from './calibration/labels-file.ts';
export {
  type StarterAnswer,
  type StarterLabelCheck,
  type StarterLabelLine,
  type StarterLabelOptions,
  type StarterLabelProblem,
  starterLabelProblems,
  starterProblemText,
} from './calibration/starter-labels.ts';
export { type HeldOutGain, heldOutGain } from './calibration/tune/held-out-gain.ts';
export { type Fold, kFolds, labelFolds } from './calibration/tune/k-folds.ts';
export {
  isEmpty,
  judgeWrong,
  modelProposal,
  notesProposal,
  type ProposalSource,
  workedExample,
} from './calibration/tune/proposal.ts';
export {
  parseTuneAnswer,
  TUNE_ANSWER_JSON_SCHEMA,
  TUNE_PROMPT_VERSION,
  type TuneAnswer,
  tunePrompt,
} from './calibration/tune/tune-prompt.ts';
export {
  addToJudgeMd,
  checkTunedJudgeMd,
  type JudgeAdditions,
  KEPT_CORE_NARROWING,
} from './judge/judge-md-additions.ts';
