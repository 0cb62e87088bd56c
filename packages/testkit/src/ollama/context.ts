import type { ChatMessage, ChatRequest } from './types.ts';
import { tokensFor } from './wire.ts';

/** Ollama's default `num_keep`: the prompt tokens a context shift never drops. */
const NUM_KEEP = 4;

/** Ollama's answer when context shift is off and the prompt does not fit (llm/llama_server.go). */
export const PROMPT_TOO_LONG =
  'the prompt is longer than the context length currently available to the model; shorten the prompt, adjust the context length in settings, or use a model with a longer context length';

/** What the model actually read of a request. */
export interface SeenPrompt {
  /** The context the runner was loaded with: num_ctx if sent, else the server default, capped at the model's. */
  numCtx: number;
  /** Tokens of the whole request as sent. */
  sentTokens: number;
  /** Tokens evaluated: what comes back as prompt_eval_count. */
  evaluatedTokens: number;
  /** Messages dropped from the front, system messages excepted. */
  droppedMessages: number;
  /** The prompt was cut inside the kept messages (a context shift keeping num_keep tokens). */
  cut: boolean;
}

/** Everything the template would render for one message: its text, its thinking and its tool calls. */
function messageText(message: ChatMessage): string {
  const calls = message.tool_calls?.length ? JSON.stringify(message.tool_calls) : '';
  return `${message.thinking ?? ''}${message.content ?? ''}${calls}`;
}

function promptTokens(messages: ChatMessage[], tools: string): number {
  return tokensFor(`${tools}${messages.map(messageText).join('')}`);
}

/** The context a request runs in: Ollama caps a requested num_ctx at the model's trained length. */
export function contextFor(req: ChatRequest, serverDefault: number, modelContext: number): number {
  const requested = Number(req.options?.num_ctx);
  const wanted = Number.isInteger(requested) && requested > 0 ? requested : serverDefault;
  return Math.min(wanted, modelContext);
}

/**
 * Fits a request into `numCtx` the way Ollama does (server/prompt.go, then llm/llama_server.go):
 * whole messages are dropped from the front, system messages and the last message always kept; a
 * prompt still too long keeps its first num_keep tokens and drops from after them until about half
 * the context is free, with HTTP 200 and no word to the client. Returns a string when context shift
 * is off and the prompt does not fit: the 400 the server answers instead.
 */
export function fitPrompt(req: ChatRequest, numCtx: number, contextShift: boolean): SeenPrompt | string {
  const messages = req.messages ?? [];
  const tools = req.tools?.length ? JSON.stringify(req.tools) : '';
  const sentTokens = promptTokens(messages, tools);
  let start = 0;
  let kept = sentTokens;
  while (kept > numCtx && start < messages.length - 1) {
    start += 1;
    const system = messages.slice(0, start).filter((m) => m.role === 'system');
    kept = promptTokens([...system, ...messages.slice(start)], tools);
  }
  const droppedMessages = messages.slice(0, start).filter((m) => m.role !== 'system').length;
  if (kept <= numCtx) return { numCtx, sentTokens, evaluatedTokens: kept, droppedMessages, cut: false };
  if (!contextShift) return PROMPT_TOO_LONG;
  const keep = Math.min(NUM_KEEP, numCtx - 1);
  const limit = numCtx - Math.max(Math.floor((numCtx - keep) / 2), 1);
  return { numCtx, sentTokens, evaluatedTokens: limit, droppedMessages, cut: true };
}
