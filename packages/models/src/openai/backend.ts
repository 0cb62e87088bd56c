import type { AgentPort, JudgePort, ModelCalls } from '@evalpacks/core';
import { createOpenAIClient, type OpenAIBackendOptions } from './connection.ts';
import { asOpenAIUnavailable, describeOpenAIError } from './errors.ts';
import { openAIStructuredCall } from './judge.ts';

/**
 * The agent under test as core sees it: a Strands agent on an OpenAI-compatible server. The Strands SDK
 * and its OpenAI provider start loading now, while the caller's preflight request is in flight.
 */
export function createOpenAIAgent(options: OpenAIBackendOptions & { calls?: ModelCalls }): AgentPort {
  const { calls, ...connection } = options;
  const ready = Promise.all([
    import('./agent.ts'),
    import('../strands/tools.ts'),
    import('../strands/cached-model.ts'),
  ]).then(([agent, tools, cached]) => ({ agent, tools, cached, model: agent.createOpenAIModel(connection) }));
  ready.catch(() => {}); // surfaced by the first run() instead, not as an unhandled rejection
  return {
    backend: 'openai',
    model: options.model,
    run: async (request) => {
      const { agent, tools, cached, model } = await ready;
      // Every turn through the call cache, keyed with this repeat's epoch.
      const scope = calls && { calls, backend: 'openai', model: options.model, epoch: request.epoch };
      const turns = scope ? new cached.CachedModel(model, scope) : model;
      return agent.runOpenAIAgent(turns, connection, request, tools.toStrandsTools(request.tools ?? []));
    },
  };
}

/** The judge as core sees it: one chat completion constrained by json_schema, at temperature 0. */
export function createOpenAIJudge(options: OpenAIBackendOptions & { calls?: ModelCalls }): JudgePort {
  const { calls, ...connection } = options;
  const client = createOpenAIClient(connection);
  const schemaRefused = { value: false };
  return {
    backend: 'openai',
    model: options.model,
    call: async (request) => {
      try {
        return await openAIStructuredCall({ client, model: options.model, calls, schemaRefused, ...request });
      } catch (error) {
        throw asOpenAIUnavailable(error, options) ?? new Error(describeOpenAIError(error), { cause: error });
      }
    },
  };
}
