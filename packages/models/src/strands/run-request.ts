import type { AgentRequest, InfrastructureError, Transcript } from '@evalpacks/core';
import type { Model, Tool as StrandsTool } from '@strands-agents/sdk';
import { countRetries } from '../common/retry-policy.ts';
import { runStrandsAgent } from './run-agent.ts';

export interface BackendAgentRun {
  model: Model;
  modelName: string;
  request: AgentRequest;
  tools: StrandsTool[];
  asInfrastructureError: (error: unknown) => InfrastructureError | undefined;
  describeError: (error: unknown) => string;
}

/**
 * One case through the Strands agent on a backend whose clients retry through common/retry-policy.ts
 * (Bedrock, OpenAI-compatible servers), with the retries its model calls needed on the transcript.
 */
export async function runBackendAgent(run: BackendAgentRun): Promise<Transcript> {
  const { request, ...rest } = run;
  const { value: transcript, retries } = await countRetries(() =>
    runStrandsAgent({ ...rest, systemPrompt: request.systemPrompt, input: request.input, maxTurns: request.maxTurns }),
  );
  return { ...transcript, retries };
}
