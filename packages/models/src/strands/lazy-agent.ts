import type { Transcript } from '@evalpacks/core';
import type { AgentPort, AgentRequest, ModelCalls } from '@evalpacks/core/runner';
import type { Model, Tool as StrandsTool } from '@strands-agents/sdk';

/** What a backend's agent module gives once loaded: its Strands model, and how to run one case on it. */
export interface LoadedBackendAgent {
  model: Model;
  /**
   * `model` is the run's model in the call cache; `wrap` puts a model of the case's own there instead
   * (Ollama's counts that case's retries).
   */
  run(model: Model, request: AgentRequest, tools: StrandsTool[], wrap: (own: Model) => Model): Promise<Transcript>;
}

/**
 * The agent under test as core sees it, for a backend whose agent is a Strands model provider: the SDK,
 * the tool converter and the backend's module start loading now (while the caller's preflight request
 * is in flight), and every turn goes through the call cache when there is one, keyed with the epoch.
 */
export function lazyStrandsAgent(
  backend: string,
  modelName: string,
  calls: ModelCalls | undefined,
  load: () => Promise<LoadedBackendAgent>,
): AgentPort {
  const ready = Promise.all([load(), import('./tools.ts'), import('./cached-model.ts')]);
  ready.catch(() => {}); // surfaced by the first run() instead, not as an unhandled rejection
  return {
    backend,
    model: modelName,
    run: async (request) => {
      const [loaded, tools, cached] = await ready;
      const scope = calls && { calls, backend, model: modelName, epoch: request.epoch };
      const wrap = (own: Model) => (scope ? new cached.CachedModel(own, scope) : own);
      return loaded.run(wrap(loaded.model), request, tools.toStrandsTools(request.tools ?? []), wrap);
    },
  };
}
