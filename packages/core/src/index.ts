/**
 * What a pack author needs: definePack, defineTool, defineCheck, the check library and the schemas of
 * cases, transcripts and results. Running, grading, reporting and statistics are subpath entries
 * (`@evalpacks/core/runner`, `/grade`, `/report`, `/stats`, `/calibration`), so a pack never leans on the machinery.
 */
export type { AgentReply } from './agent/agent-reply.ts';
export type { AgentFunction } from './agent/function-agent.ts';
export { type HttpAgentOptions, httpAgent } from './agent/http-agent.ts';
export { answerContains, answersWithinTurnLimit, turnsWithin } from './checks/answer-checks.ts';
export { caseChecks, trajectoryChecks } from './checks/case-checks.ts';
export { type Check, type CheckOutcome, defineCheck, runChecks } from './checks/define-check.ts';
export {
  type CallBounds,
  type CalledWithOptions,
  noToolCalled,
  toolCallCount,
  toolCalled,
  toolCalledWith,
  toolNeverCalled,
  toolsCalledInOrder,
} from './checks/tool-checks.ts';
export { InputError } from './errors/input-error.ts';
export { brief } from './grade/describe-item.ts';
export { formatLintProblem, LINT_LIMITS, type LintProblem, lintPack } from './lint/lint-pack.ts';
export { CaseFileError } from './pack/case-file.ts';
export { definePack, type Pack, type PackDefinition } from './pack/define-pack.ts';
export { loadPackCases, loadPackVariant } from './pack/load-pack.ts';
export { missingParts, RISEN_PARTS, type Variant } from './pack/prompt.ts';
export { type ReferenceProblem, referenceAnswerProblems } from './pack/reference-answers.ts';
export { type Case, type CaseInput, CaseSchema, type Difficulty, DifficultySchema } from './schema/case.ts';
export { type CheckResult, CheckResultSchema, type RisenPart, RisenPartSchema } from './schema/check.ts';
export { type Finding, FindingSchema, type Severity, SeveritySchema } from './schema/finding.ts';
export {
  isPersonLabel,
  type Label,
  type LabelInput,
  LabelledVerdictSchema,
  LabelSchema,
  type PackLabel,
  type PersonLabel,
  PersonLabelSchema,
  type WrongSide,
  WrongSideSchema,
} from './schema/label.ts';
export { type RepeatPolicy, RepeatPolicySchema } from './schema/repeat-policy.ts';
export {
  type CaseResult,
  CaseResultSchema,
  type CaseStatus,
  type ModelRef,
  type RunResult,
  RunResultSchema,
} from './schema/result.ts';
export { type SampleTranscript, SampleTranscriptSchema } from './schema/sample-transcript.ts';
export {
  casesInSplit,
  SPLIT_CHOICES,
  type Split,
  type SplitChoice,
  SplitSchema,
  splitOf,
  splitOfId,
} from './schema/split.ts';
export type { CallCount, ToolArgsExpectation } from './schema/tool-expectations.ts';
export {
  type ConversationEnd,
  ConversationEndSchema,
  type ConversationTurn,
  ConversationTurnSchema,
  type StopReason,
  StopReasonSchema,
  type TokenUsage,
  type ToolCall,
  ToolCallSchema,
  type Transcript,
  TranscriptSchema,
} from './schema/transcript.ts';
export {
  type SimulatedUser,
  SimulatedUserSchema,
  USER_STOP,
  type UserBehaviour,
  UserBehaviourSchema,
  type UserBlock,
  UserBlockSchema,
} from './schema/user-block.ts';
export { type Verdict, VerdictSchema } from './schema/verdict.ts';
export { defineTool, invokeTool, type Tool, ToolArgumentsError } from './tools/define-tool.ts';
export type { Environment } from './tools/environment.ts';
