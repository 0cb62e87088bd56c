// The entry stays light: the Strands SDK (most of start-up time) loads only when an agent is created, in
// parallel with the preflight request. Import agent.ts, strands-model.ts or
// strands/tools.ts directly to use them on their own.
// Bedrock is its own entry, `@evalpacks/models/bedrock`, so that a run without it never loads the AWS SDK.

export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './common/retry-policy.ts';
export {
  DEFAULT_BEDROCK_AGENT_MODEL,
  DEFAULT_BEDROCK_JUDGE_MODEL,
  DEFAULT_BEDROCK_REGION,
} from './defaults.ts';
export { createOllamaAgent, createOllamaJudge, type OllamaRoleOptions, type ThinkSetting } from './ollama/backend.ts';
export { checkOllamaCapabilities, type ModelNeeds } from './ollama/capabilities.ts';
export { createOllamaClient, type OllamaClientOptions, OllamaTimeoutError } from './ollama/client.ts';
export {
  CONTEXT_STEP,
  estimatePromptTokens,
  type NumCtxSetting,
  PromptTooLongError,
  PromptTruncatedError,
} from './ollama/context-window.ts';
export { OllamaUnavailableError } from './ollama/errors.ts';
export { OllamaHost, type OllamaHostOptions, RUN_KEEP_ALIVE } from './ollama/host.ts';
export { type HostUsage, OllamaHosts, type OllamaHostsOptions } from './ollama/host-pool.ts';
export { DEFAULT_OLLAMA_HOST, resolveOllamaHost } from './ollama/host-url.ts';
export {
  JUDGE_MAX_TOKENS,
  judgeOutputTokens,
  type OllamaStructuredCallOptions,
  type OllamaStructuredCallResult,
  ollamaStructuredCall,
} from './ollama/judge.ts';
export { preflightOllama } from './ollama/preflight.ts';
export { preflightOllamaHosts } from './ollama/preflight-hosts.ts';
export { DEFAULT_AGENT_MAX_TOKENS } from './ollama/strands-model.ts';
export {
  loadPriceTable,
  PRICE_TABLE_PATH,
  type PriceTable,
  PriceTableSchema,
  priceLookup,
} from './pricing/price-table.ts';
