import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { AgentPort, JudgePort } from '@evalpacks/core';
import { type BedrockBackendOptions, bedrockClientConfig } from './client-config.ts';
import { asBedrockUnavailable, describeBedrockError } from './errors.ts';
import { bedrockStructuredCall } from './judge.ts';

/**
 * The agent under test as core sees it: a Strands agent on Bedrock. One model, so one client and its
 * HTTP/2 sessions, serves all cases; each run counts its own retries. The Strands SDK starts loading
 * now, while the caller's preflight request is in flight.
 */
export function createBedrockAgent(options: BedrockBackendOptions): AgentPort {
  const ready = Promise.all([import('./agent.ts'), import('../strands/tools.ts')]).then(([agent, tools]) => ({
    agent,
    tools,
    model: agent.createBedrockModel(options),
  }));
  ready.catch(() => {}); // surfaced by the first run() instead, not as an unhandled rejection
  return {
    backend: 'bedrock',
    model: options.model,
    run: async (request) => {
      const { agent, tools, model } = await ready;
      return agent.runBedrockAgent(model, options, request, tools.toStrandsTools(request.tools ?? []));
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
