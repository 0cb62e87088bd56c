import type { Ollama, ShowResponse } from 'ollama';

/** What /api/show says about a model that shapes a run: its trained context and its capabilities. */
export interface ModelFacts {
  /** `model_info["<arch>.context_length"]`; absent when the server does not say. */
  contextLength?: number;
  /** e.g. completion, tools, thinking; empty when an old server does not list them. */
  capabilities: string[];
}

export function factsFrom(shown: ShowResponse): ModelFacts {
  const info = (shown.model_info ?? {}) as unknown as Record<string, unknown>;
  const arch = info['general.architecture'];
  const length = typeof arch === 'string' ? info[`${arch}.context_length`] : undefined;
  // ollama-js 0.6.4 types predate `capabilities`; servers since 0.6 send it.
  const capabilities = (shown as ShowResponse & { capabilities?: unknown }).capabilities;
  return {
    ...(typeof length === 'number' && length > 0 && { contextLength: length }),
    capabilities: Array.isArray(capabilities) ? capabilities.filter((c): c is string => typeof c === 'string') : [],
  };
}

export async function showFacts(client: Ollama, model: string): Promise<ModelFacts> {
  return factsFrom(await client.show({ model }));
}
