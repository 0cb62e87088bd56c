import { BedrockModel } from '@strands-agents/sdk/models/bedrock';
import type { LoadedBackendAgent } from '../strands/lazy-agent.ts';
import { backendAgentRun } from '../strands/run-request.ts';
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

/** A Strands agent on Bedrock: its model, and each case run with the retries its model calls needed. */
export function loadBedrockAgent(options: BedrockBackendOptions): LoadedBackendAgent {
  const asInfrastructureError = (error: unknown) => asBedrockUnavailable(error, options);
  return {
    model: createBedrockModel(options),
    run: backendAgentRun(options.model, { asInfrastructureError, describeError: describeBedrockError }),
  };
}
