import type { AgentPort, JudgePort, ModelCalls } from '@evalpacks/core/runner';
import { cachedJudge, type StructuredRole } from '../common/cached-judge.ts';
import { JUDGE_SAMPLING } from '../common/structured-call.ts';
import { lazyStrandsAgent } from '../strands/lazy-agent.ts';
import { createOpenAIClient, type OpenAIBackendOptions } from './connection.ts';
import { asOpenAIUnavailable, describeOpenAIError } from './errors.ts';
import { openAIStructuredCall } from './judge.ts';

/** The agent under test as core sees it: a Strands agent on an OpenAI-compatible server. */
export function createOpenAIAgent(options: OpenAIBackendOptions & { calls?: ModelCalls }): AgentPort {
  const { calls, ...connection } = options;
  return lazyStrandsAgent('openai', options.model, calls, async () =>
    (await import('./agent.ts')).loadOpenAIAgent(connection),
  );
}

/**
 * The judge as core sees it: one chat completion constrained by json_schema, at temperature 0, cached
 * under its sampling settings (not the base URL, see cachedJudge). Whether the server refused json_schema
 * is not in the key: it is the server's habit, the same on every run against it, not a choice of ours.
 */
export function createOpenAIJudge(
  options: OpenAIBackendOptions & { calls?: ModelCalls; role?: StructuredRole },
): JudgePort {
  const { calls, role, ...connection } = options;
  const client = createOpenAIClient(connection);
  const schemaRefused = { value: false };
  const port: JudgePort = {
    backend: 'openai',
    model: options.model,
    call: async ({ system, prompt, jsonSchema }) => {
      try {
        const sampling = { ...JUDGE_SAMPLING, schemaRefused };
        return await openAIStructuredCall({ client, model: options.model, system, prompt, jsonSchema, ...sampling });
      } catch (error) {
        throw asOpenAIUnavailable(error, options) ?? new Error(describeOpenAIError(error), { cause: error });
      }
    },
  };
  return cachedJudge(port, calls, JUDGE_SAMPLING, role);
}
