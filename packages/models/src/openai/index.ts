/**
 * The OpenAI-compatible backend (`@evalpacks/models/openai`): vLLM, SGLang, llama.cpp's server, LM Studio.
 * Apart from the main entry so that a run without it never loads the openai client; the agent's Strands
 * runtime loads only when an agent is created.
 */
export { createOpenAIAgent, createOpenAIJudge } from './backend.ts';
export { createOpenAIClient, type OpenAIBackendOptions, type OpenAIConnection } from './connection.ts';
export {
  asOpenAIUnavailable,
  describeOpenAIError,
  OpenAIUnavailableError,
  type OpenAIUnavailableKind,
} from './errors.ts';
export { type OpenAIStructuredCallOptions, type OpenAIStructuredCallResult, openAIStructuredCall } from './judge.ts';
export { preflightOpenAI } from './preflight.ts';
export { retryingFetch } from './retrying-fetch.ts';
