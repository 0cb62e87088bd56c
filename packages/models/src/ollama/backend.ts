import type { AgentPort, JudgePort, ModelCalls } from '@evalpacks/core/runner';
import { createOllamaClient } from './client.ts';
import { ollamaStructuredCall } from './judge.ts';

export interface OllamaBackendOptions {
  host: string;
  model: string;
  /** Upper bound for one model request. */
  timeoutMs: number;
  /** The call cache and counter every model call goes through; without it every call is made. */
  calls?: ModelCalls;
}

/** The agent under test as core sees it: a Strands agent whose model is served by Ollama. */
export function createOllamaAgent(options: OllamaBackendOptions): AgentPort {
  const client = createOllamaClient({ host: options.host, timeoutMs: options.timeoutMs });
  // Start loading the Strands SDK now, while the caller's preflight request is in flight.
  const modules = Promise.all([import('./agent.ts'), import('../strands/tools.ts')]);
  modules.catch(() => {}); // surfaced by the first run() instead, not as an unhandled rejection
  return {
    backend: 'ollama',
    model: options.model,
    run: async (request) => {
      const [{ runOllamaAgent }, { toStrandsTools }] = await modules;
      return runOllamaAgent({
        client,
        model: options.model,
        systemPrompt: request.systemPrompt,
        input: request.input,
        maxTurns: request.maxTurns,
        tools: toStrandsTools(request.tools ?? []),
        calls: options.calls,
        epoch: request.epoch,
      });
    },
  };
}

/** The judge as core sees it: one schema-constrained call at temperature 0. */
export function createOllamaJudge(options: OllamaBackendOptions): JudgePort {
  const client = createOllamaClient({ host: options.host, timeoutMs: options.timeoutMs });
  return {
    backend: 'ollama',
    model: options.model,
    call: (request) => ollamaStructuredCall({ client, model: options.model, calls: options.calls, ...request }),
  };
}
