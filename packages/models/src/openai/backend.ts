import type { AgentPort, JudgePort, ModelCalls } from '@evalpacks/core';
import { lazyStrandsAgent } from '../strands/lazy-agent.ts';
import { createOpenAIClient, type OpenAIBackendOptions } from './connection.ts';
import { asOpenAIUnavailable, describeOpenAIError } from './errors.ts';
import { openAIStructuredCall } from './judge.ts';

/** The agent under test as core sees it: a Strands agent on an OpenAI-compatible server. */
export function createOpenAIAgent(options: OpenAIBackendOptions & { calls?: ModelCalls }): AgentPort {
  const { calls, ...connection } = options;
  return lazyStrandsAgent('openai', options.model, calls, async () => {
    const agent = await import('./agent.ts');
    return {
      model: agent.createOpenAIModel(connection),
      run: (model, request, tools) => agent.runOpenAIAgent(model, connection, request, tools),
    };
  });
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
