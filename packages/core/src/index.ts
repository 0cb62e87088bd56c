export { type Check, type CheckOutcome, defineCheck, runChecks } from './checks/define-check.ts';
export { judgeCase, judgeRequests } from './judge/judge-case.ts';
export { JUDGE_PROMPT_VERSION } from './judge/prompts.ts';
export { parseVerdict, VERDICT_SHAPES, verdictJsonSchema } from './judge/verdict.ts';
export { CaseFileError, loadCaseFile } from './pack/case-file.ts';
export { definePack, type Pack, type PackDefinition } from './pack/define-pack.ts';
export { InputError } from './pack/input-error.ts';
export { listVariants, loadPackCases, loadPackVariant } from './pack/load-pack.ts';
export { loadVariant, missingParts, parseRisenSections, RISEN_PARTS, type Variant } from './pack/prompt.ts';
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
export { type Suggestion, suggestionsFor } from './report/suggestions.ts';
export { type RunSummary, summarizeRun } from './report/summary.ts';
export { brief, describeItem } from './runner/case-outcome.ts';
export { InfrastructureError } from './runner/infrastructure-error.ts';
export type {
  AgentPort,
  AgentRequest,
  JudgePort,
  StructuredCallRequest,
  StructuredCallResponse,
} from './runner/ports.ts';
export { type RunOptions, runPack } from './runner/run-pack.ts';
export { type Case, CaseSchema } from './schema/case.ts';
export { type CheckResult, CheckResultSchema, type RisenPart, RisenPartSchema } from './schema/check.ts';
export { type Finding, FindingSchema, type Severity, SeveritySchema } from './schema/finding.ts';
export { type CaseResult, CaseResultSchema, type ModelRef, type RunResult, RunResultSchema } from './schema/result.ts';
export {
  type TokenUsage,
  type ToolCall,
  ToolCallSchema,
  type Transcript,
  TranscriptSchema,
} from './schema/transcript.ts';
export { type Verdict, VerdictSchema } from './schema/verdict.ts';
