import type { ChatRequest, ChatResponse } from 'ollama';
import { withRetries } from '../common/retry.ts';
import { withRequestSignal } from './client.ts';
import { confirmTruncation, estimatePromptTokens, looksTruncated } from './context-window.ts';
import { type OllamaHost, RUN_KEEP_ALIVE } from './host.ts';
import { isTransientOllamaError } from './transient.ts';

export interface OllamaChatCall {
  host: OllamaHost;
  /** Everything but num_ctx, which is sized here. */
  request: ChatRequest;
  /** num_predict: what the answer (thinking included) may use, and what num_ctx leaves room for. */
  outputTokens: number;
  signal?: AbortSignal;
}

/**
 * One non-streamed chat as every Ollama call of a run makes it: sized to its prompt, retried when the
 * failure is transient, and checked for a prompt the server cut anyway. The call cache sits above it
 * (strands/cached-model.ts for agent turns, common/cached-judge.ts for the judge), so a cached answer
 * never reaches here.
 */
export async function ollamaChat(call: OllamaChatCall): Promise<ChatResponse> {
  const { host, signal } = call;
  const request: ChatRequest = {
    ...call.request,
    options: { ...call.request.options, num_predict: call.outputTokens },
  };
  const sentTokens = estimatePromptTokens(request);
  const window = await host.window(request.model);
  const numCtx = window.sizeFor(sentTokens, call.outputTokens);
  const sized = { ...request, options: { ...request.options, num_ctx: numCtx }, keep_alive: RUN_KEEP_ALIVE };
  const response = await withRetries(
    () => withRequestSignal(signal, () => host.client.chat({ ...sized, stream: false })),
    { retryable: isTransientOllamaError, policy: host.retry, ...(signal && { signal }) },
  );
  if (looksTruncated(response, sentTokens)) {
    await confirmTruncation(host.client, response, request.model, sentTokens, numCtx);
  }
  return response;
}
