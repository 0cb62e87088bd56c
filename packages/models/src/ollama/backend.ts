import type { AgentPort, JudgePort, ModelCalls } from '@evalpacks/core/runner';
import type { ChatRequest } from 'ollama';
import type { OllamaHosts } from './host-pool.ts';
import { ollamaStructuredCall } from './judge.ts';

/** Ollama's `think`: on, off, or a level for models that take one. */
export type ThinkSetting = NonNullable<ChatRequest['think']>;

export interface OllamaRoleOptions {
  /** The run's servers, shared by every role on them. */
  hosts: OllamaHosts;
  model: string;
  /** The server's default when unset. */
  think?: ThinkSetting;
  /** The call cache and counter every model call goes through; without it every call is made. */
  calls?: ModelCalls;
}

/** The agent under test as core sees it: a Strands agent whose model is served by Ollama. */
export function createOllamaAgent(options: OllamaRoleOptions & { maxTokens?: number }): AgentPort {
  // Start loading the Strands SDK now, while the caller's preflight request is in flight.
  const modules = Promise.all([import('./agent.ts'), import('../strands/tools.ts')]);
  modules.catch(() => {}); // surfaced by the first run() instead, not as an unhandled rejection
  return {
    backend: 'ollama',
    model: options.model,
    run: async (request) => {
      const [{ runOllamaAgent }, { toStrandsTools }] = await modules;
      return runOllamaAgent({
        hosts: options.hosts,
        model: options.model,
        systemPrompt: request.systemPrompt,
        input: request.input,
        maxTurns: request.maxTurns,
        tools: toStrandsTools(request.tools ?? []),
        ...(options.think !== undefined && { think: options.think }),
        ...(options.maxTokens !== undefined && { maxTokens: options.maxTokens }),
        ...(options.calls && { calls: options.calls }),
        epoch: request.epoch,
      });
    },
  };
}

/** The judge as core sees it: one schema-constrained call at temperature 0. */
export function createOllamaJudge(options: OllamaRoleOptions): JudgePort {
  return {
    backend: 'ollama',
    model: options.model,
    call: (request) =>
      ollamaStructuredCall({
        hosts: options.hosts,
        model: options.model,
        ...(options.think !== undefined && { think: options.think }),
        ...(options.calls && { calls: options.calls }),
        ...request,
      }),
  };
}
