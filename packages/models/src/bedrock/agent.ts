import type { AgentRequest, Transcript } from '@evalpacks/core';
import { BedrockModel, type Model, type Tool as StrandsTool } from '@strands-agents/sdk';
import { runBackendAgent } from '../strands/run-request.ts';
import { type BedrockBackendOptions, bedrockClientConfig } from './client-config.ts';
import { asBedrockUnavailable, describeBedrockError } from './errors.ts';

/** Room for a long review; a cap, not a target: the bill counts only tokens produced. */
const AGENT_MAX_TOKENS = 8192;

/**
 * Strands' own Bedrock provider on the Converse API. stream: false because a whole reply fails
 * loudly when malformed and is what a stand-in can serve without the binary event-stream encoding.
 */
export function createBedrockModel(options: BedrockBackendOptions): BedrockModel {
  return new BedrockModel({
    modelId: options.model,
    region: options.region,
    stream: false,
    maxTokens: AGENT_MAX_TOKENS,
    clientConfig: bedrockClientConfig(options),
  });
}

/** One case through a Strands agent on Bedrock, with the retries its model calls needed. */
export function runBedrockAgent(
  model: Model,
  options: BedrockBackendOptions,
  request: AgentRequest,
  tools: StrandsTool[] = [],
): Promise<Transcript> {
  return runBackendAgent({
    model,
    modelName: options.model,
    request,
    tools,
    asInfrastructureError: (error) => asBedrockUnavailable(error, options),
    describeError: describeBedrockError,
  });
}
