import { randomBytes } from 'node:crypto';
import { promptText } from './match.ts';
import type { ChatMessage, ChatRequest, ChatToolCall, Reply } from './types.ts';

/** Ollama reports durations in nanoseconds. */
const NS_PER_MS = 1_000_000;

export interface ChatMetrics {
  total_duration: number;
  load_duration: number;
  prompt_eval_count: number;
  prompt_eval_duration: number;
  eval_count: number;
  eval_duration: number;
}

export function tokensFor(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Ids as recent Ollama versions add them (`call_` and 8 random characters); clients may ignore them. */
export function toolCallsOf(reply: Reply): ChatToolCall[] | undefined {
  if (!reply.toolCalls || reply.toolCalls.length === 0) return undefined;
  return reply.toolCalls.map((call, index) => ({
    id: `call_${randomBytes(4).toString('hex')}`,
    function: { index, name: call.name, arguments: call.arguments },
  }));
}

/**
 * Counts come from the reply when scripted, else from text length. Durations are plausible, not
 * measured, except that total_duration covers the real time the request took, latency included.
 */
export function metricsFor(req: ChatRequest, reply: Reply, startedAt: number): ChatMetrics {
  const calls = reply.toolCalls?.length ? JSON.stringify(reply.toolCalls) : '';
  const promptCount = reply.promptTokens ?? tokensFor(promptText(req));
  const evalCount = reply.outputTokens ?? tokensFor(`${reply.thinking ?? ''}${reply.content ?? ''}${calls}`);
  const load = NS_PER_MS;
  const promptEval = promptCount * 100_000;
  const evalDuration = evalCount * 2 * NS_PER_MS;
  const elapsed = Math.round((performance.now() - startedAt) * NS_PER_MS);
  return {
    total_duration: Math.max(elapsed, load + promptEval + evalDuration),
    load_duration: load,
    prompt_eval_count: promptCount,
    prompt_eval_duration: promptEval,
    eval_count: evalCount,
    eval_duration: evalDuration,
  };
}

function chunk(model: string, message: ChatMessage) {
  return { model, created_at: new Date().toISOString(), message, done: false };
}

function assistant(content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { role: 'assistant', content, ...extra };
}

/** The single object of a `stream: false` reply: the whole message plus the final counts. */
export function chatResponse(req: ChatRequest, reply: Reply, metrics: ChatMetrics) {
  const message = assistant(reply.content ?? '');
  if (reply.thinking) message.thinking = reply.thinking;
  const toolCalls = toolCallsOf(reply);
  if (toolCalls) message.tool_calls = toolCalls;
  return { ...chunk(req.model, message), done: true, done_reason: 'stop', ...metrics };
}

/** Word-sized pieces, whitespace kept, so the pieces concatenate back to the exact text. */
export function splitText(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/**
 * The chunks of a streamed reply, in Ollama's order: thinking, then content, then the tool calls in
 * one chunk of their own with empty content, then a final `done` chunk with empty content and counts.
 */
export function chatChunks(req: ChatRequest, reply: Reply, metrics: ChatMetrics): object[] {
  const chunks: object[] = [];
  for (const piece of splitText(reply.thinking ?? '')) {
    chunks.push(chunk(req.model, assistant('', { thinking: piece })));
  }
  for (const piece of splitText(reply.content ?? '')) {
    chunks.push(chunk(req.model, assistant(piece)));
  }
  const toolCalls = toolCallsOf(reply);
  if (toolCalls) chunks.push(chunk(req.model, assistant('', { tool_calls: toolCalls })));
  chunks.push({ ...chunk(req.model, assistant('')), done: true, done_reason: 'stop', ...metrics });
  return chunks;
}

/** What Ollama answers to a chat with no messages: the model is loaded and nothing is generated. */
export function loadResponse(req: ChatRequest) {
  return { ...chunk(req.model, assistant('')), done_reason: 'load', done: true };
}
