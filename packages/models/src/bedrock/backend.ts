import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { AgentPort, JudgePort, ModelCalls } from '@evalpacks/core/runner';
import { type BedrockBackendOptions, bedrockClientConfig } from './client-config.ts';
import { asBedrockUnavailable, describeBedrockError } from './errors.ts';
import { bedrockStructuredCall } from './judge.ts';

/**
 * The agent under test as core sees it: a Strands agent on Bedrock. One model, so one client and its
 * HTTP/2 sessions, serves all cases; each run counts its own retries. The Strands SDK starts loading
 * now, while the caller's preflight request is in flight.
 */
export function createBedrockAgent(options: BedrockBackendOptions & { calls?: ModelCalls }): AgentPort {
  const { calls, ...connection } = options;
  const ready = Promise.all([
    import('./agent.ts'),
    import('../strands/tools.ts'),
    import('../strands/cached-model.ts'),
  ]).then(([agent, tools, cached]) => ({ agent, tools, cached, model: agent.createBedrockModel(connection) }));
  ready.catch(() => {}); // surfaced by the first run() instead, not as an unhandled rejection
  return {
    backend: 'bedrock',
    model: options.model,
    run: async (request) => {
      const { agent, tools, cached, model } = await ready;
      // Every turn through the call cache, keyed with this repeat's epoch.
      const scope = calls && { calls, backend: 'bedrock', model: options.model, epoch: request.epoch };
      const turns = scope ? new cached.CachedModel(model, scope) : model;
      return agent.runBedrockAgent(turns, connection, request, tools.toStrandsTools(request.tools ?? []));
    },
  };
}

/** The judge as core sees it: one Converse call forced through the verdict tool, at temperature 0. */
export function createBedrockJudge(options: BedrockBackendOptions & { calls?: ModelCalls }): JudgePort {
  const { calls, ...connection } = options;
  const client = new BedrockRuntimeClient(bedrockClientConfig(connection));
  return {
    backend: 'bedrock',
    model: options.model,
    call: async (request) => {
      try {
        return await bedrockStructuredCall({ client, model: options.model, calls, ...request });
      } catch (error) {
        throw asBedrockUnavailable(error, options) ?? new Error(describeBedrockError(error), { cause: error });
      }
    },
  };
}
