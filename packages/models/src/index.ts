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
export { toStrandsTools } from './strands/tools.ts';
