/**
 * Running a pack: the runner and the ports a backend implements, the judge, the model-call cache, the
 * agents a pack can bring, offline samples and replay. For the CLI and the backends, not for packs.
 */

export { MAX_AGENT_BODY_BYTES } from './agent/http-agent.ts';
export { createPackAgent, type PackAgent } from './agent/pack-agent.ts';
export { type CallKeyMaterial, callCacheKey, canonicalJson } from './cache/call-key.ts';
export {
  CacheMissError,
  type CacheMode,
  type CallCache,
  type CallFacts,
  type CallListener,
  type CallRole,
  findCacheMiss,
  type ModelCallCounts,
  ModelCalls,
  UnreadableCacheEntry,
} from './cache/model-calls.ts';
export { InfrastructureError } from './errors/infrastructure-error.ts';
export { decisionConfidence, LOW_CONFIDENCE } from './judge/decision-confidence.ts';
export { judgeCase, judgeRequests } from './judge/judge-case.ts';
export {
  JUDGE_PROMPT_VERSIONS,
  type JudgeTuning,
  judgePromptVersion,
  loadJudgeTuning,
  loadPackJudgeTuning,
  packJudgeFile,
  parseJudgeTuning,
} from './judge/judge-prompt.ts';
export { JUDGE_STYLES, type JudgeStyle, parseVerdict, VERDICT_SHAPES, verdictJsonSchema } from './judge/verdict.ts';
export { fixturePath, loadSampleTranscript, loadSampleTranscripts } from './pack/fixtures.ts';
export { listVariants, loadPackCaseFiles } from './pack/load-pack.ts';
export { ASSUMED_PASS_RATE, type PackFigures, packFigures } from './pack/pack-figures.ts';
export { loadVariant } from './pack/prompt.ts';
export type {
  AgentPort,
  AgentRequest,
  AnswerToken,
  JudgePort,
  StructuredCallRequest,
  StructuredCallResponse,
  UserSimulatorPort,
  UserTurn,
  UserTurnRequest,
} from './ports/backend-ports.ts';
export {
  AdaptiveConcurrency,
  type ConcurrencyReport,
  type ThrottleSignals,
} from './runner/adaptive-concurrency.ts';
export { collectRun } from './runner/collect-run.ts';
export { type ReplayOptions, replayAgent, type StoredTranscript } from './runner/replay-agent.ts';
export { MissingUserSimulatorError } from './runner/run-conversation.ts';
export { MAX_ANSWER_CHARS, type RunOptions, runPack } from './runner/run-pack.ts';
export { type SampleFallbackAgent, uncachedAgent, withSampleFallback } from './runner/sample-agent.ts';
export { casesInShard, describeShard, parseShard, type Shard, ShardSchema, shardOfCase } from './runner/shard.ts';
export { toolInputJsonSchema } from './tools/define-tool.ts';
export { BEHAVIOUR_INSTRUCTIONS } from './user/behaviour.ts';
export { readUserReply, type UserReply } from './user/read-user-reply.ts';
export {
  USER_PROMPT_VERSION,
  USER_REPLY_SCHEMA,
  USER_ROLE_LINE,
  userTurnPrompt,
} from './user/user-prompt.ts';
export { createUserSimulator, type UserSimulatorOptions } from './user/user-simulator.ts';
