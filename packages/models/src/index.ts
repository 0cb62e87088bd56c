export {
  type BedrockBackendOptions,
  createBedrockAgent,
  createBedrockJudge,
  createBedrockModel,
} from './bedrock/backend.ts';
export { type BedrockConnection, bedrockClientConfig, resolveBedrockRegion } from './bedrock/client-config.ts';
export {
  asBedrockUnavailable,
  BedrockUnavailableError,
  type BedrockUnavailableKind,
  describeBedrockError,
} from './bedrock/errors.ts';
export {
  type BedrockStructuredCallOptions,
  type BedrockStructuredCallResult,
  bedrockStructuredCall,
  VERDICT_TOOL,
} from './bedrock/judge.ts';
export { PREFLIGHT_PROMPT, preflightBedrock } from './bedrock/preflight.ts';
export { BackoffRetryStrategy, countRetries, DEFAULT_RETRY_POLICY, type RetryPolicy } from './bedrock/retry.ts';
export {
  DEFAULT_BEDROCK_AGENT_MODEL,
  DEFAULT_BEDROCK_JUDGE_MODEL,
  DEFAULT_BEDROCK_REGION,
} from './defaults.ts';
export { type RunOllamaAgentOptions, runOllamaAgent } from './ollama/agent.ts';
export { createOllamaAgent, createOllamaJudge, type OllamaBackendOptions } from './ollama/backend.ts';
export {
  createOllamaClient,
  DEFAULT_OLLAMA_HOST,
  type OllamaClientOptions,
  OllamaTimeoutError,
  resolveOllamaHost,
} from './ollama/client.ts';
export { OllamaUnavailableError } from './ollama/errors.ts';
export {
  type OllamaStructuredCallOptions,
  type OllamaStructuredCallResult,
  ollamaStructuredCall,
} from './ollama/judge.ts';
export { preflightOllama } from './ollama/preflight.ts';
export { OllamaModel, type OllamaModelConfig } from './ollama/strands-model.ts';
export {
  loadPriceTable,
  PRICE_TABLE_PATH,
  type PriceTable,
  PriceTableSchema,
  priceLookup,
} from './pricing/price-table.ts';
export { type RunStrandsAgentOptions, runStrandsAgent } from './strands/run-agent.ts';
