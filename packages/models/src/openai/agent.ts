import type { AgentRequest, Transcript } from '@evalpacks/core';
import type { Model, Tool as StrandsTool } from '@strands-agents/sdk';
import { OpenAIModel } from '@strands-agents/sdk/models/openai';
import { runBackendAgent } from '../strands/run-request.ts';
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

/** One case through a Strands agent on an OpenAI-compatible server, with the retries its calls needed. */
export function runOpenAIAgent(
  model: Model,
  options: OpenAIBackendOptions,
  request: AgentRequest,
  tools: StrandsTool[] = [],
): Promise<Transcript> {
  return runBackendAgent({
    model,
    modelName: options.model,
    request,
    tools,
    asInfrastructureError: (error) => asOpenAIUnavailable(error, options),
    describeError: describeOpenAIError,
  });
}
