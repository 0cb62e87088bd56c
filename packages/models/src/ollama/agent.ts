import type { Transcript } from '@evalpacks/core';
import type { ModelCalls } from '@evalpacks/core/runner';
import type { Tool as StrandsTool } from '@strands-agents/sdk';
import type { Ollama } from 'ollama';
import { runStrandsAgent } from '../strands/run-agent.ts';
import { asOllamaUnavailable, describeOllamaError } from './errors.ts';
import { OllamaModel } from './strands-model.ts';

export interface RunOllamaAgentOptions {
  client: Ollama;
  model: string;
  systemPrompt: string;
  input: string;
  tools?: StrandsTool[];
  /** Model calls allowed; a loop still asking for tools after this many is cut off. */
  maxTurns: number;
  temperature?: number;
  /** The call cache and counter every turn goes through. */
  calls?: ModelCalls;
  /** Which repeat of the case this is: part of every turn's cache key. */
  epoch?: number;
}

/**
 * Runs one case through a real Strands agent on Ollama. Only failures that doom every case
 * (server unreachable, model not pulled) throw, as an InfrastructureError.
 */
export function runOllamaAgent(options: RunOllamaAgentOptions): Promise<Transcript> {
  const { client, model, temperature, calls, epoch = 0, ...rest } = options;
  const config = { modelId: model, ...(temperature !== undefined && { temperature }) };
  return runStrandsAgent({
    ...rest,
    model: new OllamaModel(client, config, calls && { calls, epoch }),
    modelName: model,
    asInfrastructureError: (error) => asOllamaUnavailable(error, model),
    describeError: describeOllamaError,
  });
}
