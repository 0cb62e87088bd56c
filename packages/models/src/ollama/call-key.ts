import type { CallKeyMaterial } from '@evalpacks/core';
import type { ChatRequest } from 'ollama';

/**
 * The cache key material of one Ollama chat request. Everything that shapes the answer is in it;
 * transport details (stream, keep_alive) are not, and Ollama messages carry no random ids.
 */
export function ollamaCallMaterial(request: ChatRequest, epoch: number): CallKeyMaterial {
  const [first, ...rest] = request.messages ?? [];
  const hasSystem = first?.role === 'system';
  return {
    backend: 'ollama',
    model: request.model,
    params: { options: request.options ?? {}, think: request.think ?? null },
    system: hasSystem ? first.content : '',
    messages: hasSystem ? rest : (request.messages ?? []),
    tools: request.tools ?? [],
    outputSchema: request.format ?? null,
    epoch,
  };
}
