import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { AgentPort, JudgePort } from '@evalpacks/core';
import { BedrockModel } from '@strands-agents/sdk';
import { runStrandsAgent } from '../strands/run-agent.ts';
import { type BedrockConnection, bedrockClientConfig } from './client-config.ts';
import { asBedrockUnavailable, describeBedrockError } from './errors.ts';
import { bedrockStructuredCall } from './judge.ts';
import { countRetries } from './retry.ts';

export interface BedrockBackendOptions extends BedrockConnection {
  model: string;
}

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

/**
 * The agent under test as core sees it: a Strands agent on Bedrock. One model, so one client and its
 * HTTP/2 sessions, serves all cases; each run counts its own retries.
 */
export function createBedrockAgent(options: BedrockBackendOptions): AgentPort {
  const model = createBedrockModel(options);
  return {
    backend: 'bedrock',
    model: options.model,
    run: async (request) => {
      const { value: transcript, retries } = await countRetries(() =>
        runStrandsAgent({
          model,
          modelName: options.model,
          systemPrompt: request.systemPrompt,
          input: request.input,
          maxTurns: request.maxTurns,
          asInfrastructureError: (error) => asBedrockUnavailable(error, options),
          describeError: describeBedrockError,
        }),
      );
      return { ...transcript, retries };
    },
  };
}

/** The judge as core sees it: one Converse call forced through the verdict tool, at temperature 0. */
export function createBedrockJudge(options: BedrockBackendOptions): JudgePort {
  const client = new BedrockRuntimeClient(bedrockClientConfig(options));
  return {
    backend: 'bedrock',
    model: options.model,
    call: async (request) => {
      try {
        return await bedrockStructuredCall({ client, model: options.model, ...request });
      } catch (error) {
        throw asBedrockUnavailable(error, options) ?? new Error(describeBedrockError(error), { cause: error });
      }
    },
  };
}
