export type { AgentReply } from './agent/agent-reply.ts';
export type { AgentFunction } from './agent/function-agent.ts';
export { type HttpAgentOptions, httpAgent } from './agent/http-agent.ts';
export { createPackAgent, type PackAgent } from './agent/pack-agent.ts';
export {
  type CallKeyMaterial,
  callCacheKey,
  canonicalJson,
} from './cache/call-key.ts';
export {
  CacheMissError,
  type CacheMode,
  type CallCache,
  type CallRole,
  findCacheMiss,
  type ModelCallCounts,
  ModelCalls,
  UnreadableCacheEntry,
} from './cache/model-calls.ts';
export { type Agreement, type AgreementFigures, agreementOf, measureAgreement } from './calibration/agreement.ts';
export { compareJudges, type JudgeComparison } from './calibration/compare-judges.ts';
export { type FixItem, fixList } from './calibration/fix-list.ts';
export { judgeLabels, type LabelledVerdict, type StaleLabel } from './calibration/judge-labels.ts';
export { inputHash, labelKey, labelledOutcome } from './calibration/label-key.ts';
export { labelVerdict, type PersonsWord } from './calibration/label-verdict.ts';
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
export {
  type CompareOptions,
  type Comparison,
  type ComparisonVerdict,
  compareRuns,
  type SideFigures,
} from './compare/compare-runs.ts';
export { type CaseComparison, type PairedItem, pairCases } from './compare/pair-cases.ts';
export {
  analyzeTrend,
  DEFAULT_TREND_POLICY,
  type Regression,
  type RunPoint,
  type Trend,
  type TrendPoint,
  type TrendPolicy,
} from './history/trend.ts';
export { judgeCase, judgeRequests } from './judge/judge-case.ts';
export {
  JUDGE_PROMPT_VERSIONS,
  type JudgeTuning,
  judgePromptVersion,
  loadJudgeTuning,
  loadPackJudgeTuning,
} from './judge/judge-prompt.ts';
export { JUDGE_STYLES, type JudgeStyle, parseVerdict, VERDICT_SHAPES, verdictJsonSchema } from './judge/verdict.ts';
export { CaseFileError, loadCaseFile } from './pack/case-file.ts';
export { definePack, type Pack, type PackDefinition } from './pack/define-pack.ts';
export { fixturePath, loadSampleTranscript, loadSampleTranscripts } from './pack/fixtures.ts';
export { InputError } from './pack/input-error.ts';
export { formatLabels, labelsPath, loadPackLabels, parseLabels, writePackLabels } from './pack/labels-file.ts';
export { listVariants, loadPackCaseFiles, loadPackCases, loadPackVariant } from './pack/load-pack.ts';
export { loadVariant, missingParts, parseRisenSections, RISEN_PARTS, type Variant } from './pack/prompt.ts';
export {
  agreementLines,
  type CalibratedJudge,
  comparisonLines,
  fixLines,
  formatKappa,
  staleLines,
} from './report/calibration-console.ts';
export { type CompareReporterOptions, printComparison } from './report/compare-console.ts';
export { type ConsoleReporterOptions, consoleReporter } from './report/console.ts';
export {
  type CostEstimate,
  costOf,
  describeCost,
  estimateCost,
  formatUsd,
  type Price,
  type PriceLookup,
  PriceSchema,
} from './report/cost.ts';
export { formatInterval, formatRate, percent, points } from './report/format-rate.ts';
export { type JsonReportOptions, jsonReport } from './report/json.ts';
export { type JunitReportOptions, junitReport } from './report/junit.ts';
export { type MarkdownReportOptions, markdownReport } from './report/markdown.ts';
export { redactUrl, redactUrls, splitCredentials } from './report/redact-url.ts';
export { type RepeatReporterOptions, repeatReporter } from './report/repeat-console.ts';
export { type FlakyItem, type KindFigures, type RepeatSummary, summarizeRepeats } from './report/repeat-summary.ts';
export { type Suggestion, suggestionsFor } from './report/suggestions.ts';
export { type RunSummary, summarizeRun } from './report/summary.ts';
export { visible, visibleDeep } from './report/visible.ts';
export {
  AdaptiveConcurrency,
  type ConcurrencyReport,
  type ThrottleSignals,
} from './runner/adaptive-concurrency.ts';
export { brief, describeItem } from './runner/case-outcome.ts';
export { InfrastructureError } from './runner/infrastructure-error.ts';
export { type ItemKind, type ItemOutcome, itemOutcomes } from './runner/item-outcomes.ts';
export type {
  AgentPort,
  AgentRequest,
  JudgePort,
  StructuredCallRequest,
  StructuredCallResponse,
} from './runner/ports.ts';
export { type CaseTally, type ItemTally, policyResolver, reduceEpochs, runPolicy } from './runner/reduce-epochs.ts';
export { replayAgent } from './runner/replay-agent.ts';
export { type RunOptions, runPack } from './runner/run-pack.ts';
export { type SampleFallbackAgent, uncachedAgent, withSampleFallback } from './runner/sample-agent.ts';
export { casesInShard, describeShard, parseShard, type Shard, ShardSchema, shardOfCase } from './runner/shard.ts';
export { type Case, type CaseInput, CaseSchema } from './schema/case.ts';
export { type CheckResult, CheckResultSchema, type RisenPart, RisenPartSchema } from './schema/check.ts';
export { type Finding, FindingSchema, type Severity, SeveritySchema } from './schema/finding.ts';
export {
  type Label,
  type LabelInput,
  LabelledVerdictSchema,
  LabelSchema,
  type WrongSide,
  WrongSideSchema,
} from './schema/label.ts';
export {
  DEFAULT_REPEAT_POLICY,
  parseRepeatPolicy,
  passesPolicy,
  type RepeatPolicy,
  RepeatPolicySchema,
  readRepeatPolicy,
} from './schema/repeat-policy.ts';
export { type CaseResult, CaseResultSchema, type ModelRef, type RunResult, RunResultSchema } from './schema/result.ts';
export { type SampleTranscript, SampleTranscriptSchema } from './schema/sample-transcript.ts';
export { type CallCount, type ToolArgsExpectation, toolNamesIn } from './schema/tool-expectations.ts';
export {
  type StopReason,
  StopReasonSchema,
  type TokenUsage,
  type ToolCall,
  ToolCallSchema,
  type Transcript,
  TranscriptSchema,
} from './schema/transcript.ts';
export { type Verdict, VerdictSchema } from './schema/verdict.ts';
export { binomialCdf, binomialPmf, binomialTest } from './stats/binomial.ts';
export {
  type Cluster,
  type ClusteredRate,
  clusteredMeanDifference,
  clusteredRate,
  type MeanDifference,
} from './stats/clustered.ts';
export { cohensKappa, type Kappa } from './stats/kappa.ts';
export { exactMcNemar } from './stats/mcnemar.ts';
export { normalCdf, normalQuantile } from './stats/normal.ts';
export { type PermutationTest, pairedPermutationTest, smallestPermutationP } from './stats/permutation.ts';
export { minimumDetectableDifference } from './stats/power.ts';
export { studentTCdf, studentTQuantile } from './stats/student-t.ts';
export { type Confusion, type CountedRate, type TrueRates, trueRates } from './stats/true-rates.ts';
export { type Interval, wilsonInterval } from './stats/wilson.ts';
export { defineTool, invokeTool, type Tool, ToolArgumentsError, toolInputJsonSchema } from './tools/define-tool.ts';
export { describeCall, formatValue } from './tools/describe-call.ts';
