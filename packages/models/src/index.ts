// The entry stays light: the Strands SDK (most of start-up time) loads only when an agent is created, in
// parallel with the preflight request. Import agent.ts, strands-model.ts or
// strands/tools.ts directly to use them on their own.
// Bedrock is its own entry, `@evalpacks/models/bedrock`, so that a run without it never loads the AWS SDK.
export {
  DEFAULT_BEDROCK_AGENT_MODEL,
  DEFAULT_BEDROCK_JUDGE_MODEL,
  DEFAULT_BEDROCK_REGION,
} from './defaults.ts';
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
export {
  loadPriceTable,
  PRICE_TABLE_PATH,
  type PriceTable,
  PriceTableSchema,
  priceLookup,
} from './pricing/price-table.ts';
