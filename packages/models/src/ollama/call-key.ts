import type { CallKeyMaterial } from '@evalpacks/core/runner';
import type { ChatRequest, ChatResponse } from 'ollama';

/** A cached reply as this run sees it: it spent no tokens (and took no model time). */
export function freeOllamaReply(reply: ChatResponse): ChatResponse {
  return { ...reply, prompt_eval_count: 0, eval_count: 0 };
}

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
