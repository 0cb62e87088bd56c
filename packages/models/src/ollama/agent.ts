import type { Transcript } from '@evalpacks/core';
import type { ModelCalls } from '@evalpacks/core/runner';
import type { Tool as StrandsTool } from '@strands-agents/sdk';
import type { ChatRequest } from 'ollama';
import { countRetries } from '../common/retry-policy.ts';
import { runStrandsAgent } from '../strands/run-agent.ts';
import { asOllamaUnavailable, describeOllamaError } from './errors.ts';
import type { OllamaHosts } from './host-pool.ts';
import { DEFAULT_AGENT_MAX_TOKENS, OllamaModel } from './strands-model.ts';

export interface RunOllamaAgentOptions {
  hosts: OllamaHosts;
  model: string;
  systemPrompt: string;
  input: string;
  tools?: StrandsTool[];
  /** Model calls allowed; a loop still asking for tools after this many is cut off. */
  maxTurns: number;
  temperature?: number;
  /** num_predict of every turn (default DEFAULT_AGENT_MAX_TOKENS). */
  maxTokens?: number;
  /** Ollama's `think`; the server's default when unset. */
  think?: ChatRequest['think'];
  /** The call cache and counter every turn goes through. */
  calls?: ModelCalls;
  /** Which repeat of the case this is: part of every turn's cache key. */
  epoch?: number;
}

/**
 * Runs one case through a real Strands agent on Ollama, with the retries its turns needed. Only
 * failures that doom every case (server unreachable, model not pulled) throw, as an InfrastructureError.
 */
export async function runOllamaAgent(options: RunOllamaAgentOptions): Promise<Transcript> {
  const { hosts, model, temperature, calls, epoch = 0, think, maxTokens = DEFAULT_AGENT_MAX_TOKENS, ...rest } = options;
  const config = {
    modelId: model,
    maxTokens,
    ...(temperature !== undefined && { temperature }),
    ...(think !== undefined && { think }),
  };
  const { value: transcript, retries } = await countRetries(() =>
    runStrandsAgent({
      ...rest,
      model: new OllamaModel(hosts, config, calls && { calls, epoch }),
      modelName: model,
      asInfrastructureError: (error) => asOllamaUnavailable(error, model),
      describeError: describeOllamaError,
      cutOff: `the answer was cut off at the ${maxTokens}-token output limit (done_reason "length"); raise --max-tokens or --num-ctx`,
    }),
  );
  return retries > 0 ? { ...transcript, retries } : transcript;
}
