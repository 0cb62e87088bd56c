import { countRetries } from '../common/retry-policy.ts';
import type { LoadedBackendAgent } from './lazy-agent.ts';
import { type RunStrandsAgentOptions, runStrandsAgent } from './run-agent.ts';

/** How a backend names an agent's failure: its server unreachable or refusing (infrastructure), or else in words. */
export type BackendAgentErrors = Pick<RunStrandsAgentOptions, 'asInfrastructureError' | 'describeError'>;

/**
 * How one case runs through the Strands agent on a backend whose clients retry through
 * common/retry-policy.ts (Bedrock, OpenAI-compatible servers), with the retries its model calls needed
 * on the transcript.
 */
export function backendAgentRun(modelName: string, errors: BackendAgentErrors): LoadedBackendAgent['run'] {
  return async (model, request, tools) => {
    const { systemPrompt, input, maxTurns, conversation } = request;
    const { value: transcript, retries } = await countRetries(() =>
      runStrandsAgent({
        model,
        modelName,
        tools,
        ...errors,
        systemPrompt,
        input,
        maxTurns,
        ...(conversation && { conversation }),
      }),
    );
    return { ...transcript, retries };
  };
}
