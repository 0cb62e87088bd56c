import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { AgentPort, JudgePort, ModelCalls } from '@evalpacks/core/runner';
import { cachedJudge, type StructuredRole } from '../common/cached-judge.ts';
import { JUDGE_SAMPLING } from '../common/structured-call.ts';
import { lazyStrandsAgent } from '../strands/lazy-agent.ts';
import { type BedrockBackendOptions, bedrockClientConfig } from './client-config.ts';
import { asBedrockUnavailable, describeBedrockError } from './errors.ts';
import { bedrockStructuredCall } from './judge.ts';

/**
 * The agent under test as core sees it: a Strands agent on Bedrock. One model, so one client and its
 * HTTP/2 sessions, serves all cases; each run counts its own retries.
 */
export function createBedrockAgent(options: BedrockBackendOptions & { calls?: ModelCalls }): AgentPort {
  const { calls, ...connection } = options;
  return lazyStrandsAgent('bedrock', options.model, calls, async () =>
    (await import('./agent.ts')).loadBedrockAgent(connection),
  );
}

/**
 * The judge as core sees it: one Converse call forced through the verdict tool, at temperature 0, cached
 * under its inference settings (not the endpoint or region, see cachedJudge).
 */
export function createBedrockJudge(
  options: BedrockBackendOptions & { calls?: ModelCalls; role?: StructuredRole },
): JudgePort {
  const { calls, role, ...connection } = options;
  const client = new BedrockRuntimeClient(bedrockClientConfig(connection));
  const port: JudgePort = {
    backend: 'bedrock',
    model: options.model,
    call: async ({ system, prompt, jsonSchema }) => {
      try {
        return await bedrockStructuredCall({
          client,
          model: options.model,
          system,
          prompt,
          jsonSchema,
          ...JUDGE_SAMPLING,
        });
      } catch (error) {
        throw asBedrockUnavailable(error, options) ?? new Error(describeBedrockError(error), { cause: error });
      }
    },
  };
  return cachedJudge(port, calls, JUDGE_SAMPLING, role);
}
