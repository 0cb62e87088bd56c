import type { ChatRequest, ChatResponse } from 'ollama';
import type { RetryCount } from '../common/retry-policy.ts';
import { confirmTruncation, estimatePromptTokens, looksTruncated } from './context-window.ts';
import { RUN_KEEP_ALIVE } from './host.ts';
import type { OllamaHosts } from './host-pool.ts';
import { onSomeHost } from './on-some-host.ts';

export interface OllamaChatCall {
  /** The run's servers: each attempt goes to the least busy one. */
  hosts: OllamaHosts;
  /** Everything but num_ctx, which is sized here. */
  request: ChatRequest;
  /** num_predict: what the answer (thinking included) may use, and what num_ctx leaves room for. */
  outputTokens: number;
  signal?: AbortSignal;
  /** Where the call's retries are counted. */
  count?: RetryCount;
  /** Called as each attempt's request leaves (a phased run's barrier listens: see AgentRequest.onCallSent). */
  onSent?: () => void;
}

/**
 * One non-streamed chat as every Ollama call of a run makes it: on the least busy host, sized to its prompt,
 * retried (on another host when there is one) when the failure is transient, and checked for a prompt the server cut anyway. The call cache sits above it
 * (strands/cached-model.ts for agent turns, common/cached-judge.ts for the judge), so a cached answer
 * never reaches here.
 */
export function ollamaChat(call: OllamaChatCall): Promise<ChatResponse> {
  const { hosts, signal, count } = call;
  const request: ChatRequest = {
    ...call.request,
    options: { ...call.request.options, num_predict: call.outputTokens },
  };
  const sentTokens = estimatePromptTokens(request);
  // Each host sizes num_ctx from its own /api/show, so the request is sized per attempt.
  return onSomeHost(
    hosts,
    async (host) => {
      const window = await host.window(request.model);
      const numCtx = window.sizeFor(sentTokens, call.outputTokens);
      const sized = { ...request, options: { ...request.options, num_ctx: numCtx }, keep_alive: RUN_KEEP_ALIVE };
      const sending = host.clientFor(signal).chat({ ...sized, stream: false });
      // After chat() has started the request: anything the listener sets off is written behind it.
      call.onSent?.();
      const response = await sending;
      if (looksTruncated(response, sentTokens)) {
        await confirmTruncation(host.client, response, request.model, sentTokens, numCtx);
      }
      return response;
    },
    { ...(signal && { signal }), ...(count && { count }) },
  );
}
