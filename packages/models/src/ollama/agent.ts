import type { ConversationTurn, Transcript } from '@evalpacks/core';
import type { Model, Tool as StrandsTool } from '@strands-agents/sdk';
import type { ChatRequest } from 'ollama';
import type { RetryCount } from '../common/retry-policy.ts';
import { runStrandsAgent } from '../strands/run-agent.ts';
import { asOllamaUnavailable, describeOllamaError } from './errors.ts';
import type { OllamaHosts } from './host-pool.ts';
import { DEFAULT_AGENT_MAX_TOKENS, OllamaModel } from './strands-model.ts';

/** What shapes the agent's answers on Ollama: the model and its generation settings. */
export interface OllamaAgentSettings {
  model: string;
  temperature?: number;
  /** num_predict of every turn (default DEFAULT_AGENT_MAX_TOKENS). */
  maxTokens?: number;
  /** Ollama's `think`; the server's default when unset. */
  think?: ChatRequest['think'];
}

export interface RunOllamaAgentOptions extends OllamaAgentSettings {
  hosts: OllamaHosts;
  systemPrompt: string;
  input: string;
  /** A conversation case's turns before `input`. */
  conversation?: ConversationTurn[];
  tools?: StrandsTool[];
  /** Model calls allowed; a loop still asking for tools after this many is cut off. */
  maxTurns: number;
  /**
   * What the turns go to, given the case's own model (which counts the case's retries): that model wrapped
   * in the call cache (strands/cached-model.ts, as createOllamaAgent does). The model itself when unset.
   */
  turns?: (model: OllamaModel) => Model;
  /** Called as each of the case's model calls leaves (AgentRequest.onCallSent). */
  onCallSent?: () => void;
}

/** The Strands model provider for these settings on this server. */
export function createOllamaModel(
  hosts: OllamaHosts,
  settings: OllamaAgentSettings,
  count?: RetryCount,
  onSent?: () => void,
): OllamaModel {
  const { model, temperature, think, maxTokens = DEFAULT_AGENT_MAX_TOKENS } = settings;
  return new OllamaModel(
    hosts,
    {
      modelId: model,
      maxTokens,
      ...(temperature !== undefined && { temperature }),
      ...(think !== undefined && { think }),
    },
    count,
    onSent,
  );
}

/**
 * Runs one case through a real Strands agent on Ollama, with the retries its turns needed. Only
 * failures that doom every case (server unreachable, model not pulled) throw, as an InfrastructureError.
 */
export async function runOllamaAgent(options: RunOllamaAgentOptions): Promise<Transcript> {
  const {
    hosts,
    model,
    temperature,
    think,
    maxTokens = DEFAULT_AGENT_MAX_TOKENS,
    turns,
    onCallSent,
    ...rest
  } = options;
  const count: RetryCount = { retries: 0 };
  const own = createOllamaModel(hosts, options, count, onCallSent);
  const transcript = await runStrandsAgent({
    ...rest,
    model: turns ? turns(own) : own,
    modelName: model,
    asInfrastructureError: (error) => asOllamaUnavailable(error, model),
    describeError: describeOllamaError,
    cutOff: `the answer was cut off at the ${maxTokens}-token output limit (done_reason "length"); raise --max-tokens or --num-ctx`,
  });
  return count.retries > 0 ? { ...transcript, retries: count.retries } : transcript;
}
