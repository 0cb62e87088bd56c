import { OpenAIModel } from '@strands-agents/sdk/models/openai';
import type { LoadedBackendAgent } from '../strands/lazy-agent.ts';
import { backendAgentRun } from '../strands/run-request.ts';
import { createOpenAIClient, type OpenAIBackendOptions } from './connection.ts';
import { asOpenAIUnavailable, describeOpenAIError } from './errors.ts';

/**
 * Strands' own OpenAI provider on Chat Completions, the API every OpenAI-compatible engine serves (the
 * Responses API is OpenAI's own). It streams with usage in the last chunk; the client is ours, so the
 * key, the timeout and the retries are the backend's.
 */
export function createOpenAIModel(options: OpenAIBackendOptions): OpenAIModel {
  return new OpenAIModel({ api: 'chat', modelId: options.model, client: createOpenAIClient(options) });
}

/** A Strands agent on an OpenAI-compatible server: its model, and each case run with the retries its calls needed. */
export function loadOpenAIAgent(options: OpenAIBackendOptions): LoadedBackendAgent {
  const asInfrastructureError = (error: unknown) => asOpenAIUnavailable(error, options);
  return {
    model: createOpenAIModel(options),
    run: backendAgentRun(options.model, { asInfrastructureError, describeError: describeOpenAIError }),
  };
}
