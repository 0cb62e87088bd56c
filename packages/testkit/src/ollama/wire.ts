import { randomBytes } from 'node:crypto';
import { logprobsFor } from '../common/logprobs.ts';
import { around, type OversizedShape } from '../common/oversized.ts';
import type { ChatMessage, ChatRequest, ChatToolCall, Reply, ReplyToolCall } from './types.ts';

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

/** What the model produced for one request, after thinking was switched and num_predict applied. */
export interface Generated {
  content: string;
  thinking: string;
  toolCalls: ReplyToolCall[];
  outputTokens: number;
  doneReason: 'stop' | 'length';
  /** The reply's scripted token probabilities (see Reply.tokenProbabilities). */
  tokenProbabilities?: Record<string, number>;
}

export function tokensFor(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/**
 * The reply as the model would generate it: thinking only when on; past num_predict the generation
 * stops, so the text is cut in proportion, no tool call is complete and done_reason is "length".
 */
export function generate(req: ChatRequest, reply: Reply, thinks: boolean): Generated {
  const thinking = thinks ? (reply.thinking ?? '') : '';
  const content = reply.content ?? '';
  const toolCalls = reply.toolCalls ?? [];
  const calls = toolCalls.length ? JSON.stringify(toolCalls) : '';
  const outputTokens = reply.outputTokens ?? tokensFor(`${thinking}${content}${calls}`);
  const scripted = reply.tokenProbabilities && { tokenProbabilities: reply.tokenProbabilities };
  const limit = Number(req.options?.num_predict);
  if (!(Number.isInteger(limit) && limit > 0 && outputTokens > limit)) {
    return { content, thinking, toolCalls, outputTokens, doneReason: 'stop', ...scripted };
  }
  const keep = (text: string) => text.slice(0, Math.floor((text.length * limit) / outputTokens));
  // Thinking comes first, so a budget it uses up leaves no answer at all.
  const keptThinking = keep(thinking);
  const contentShare =
    keptThinking.length < thinking.length ? '' : keep(`${thinking}${content}`).slice(thinking.length);
  const cut = { content: contentShare, thinking: keptThinking, toolCalls: [], outputTokens: limit };
  return { ...cut, doneReason: 'length', ...scripted };
}

/** Ids as recent Ollama versions add them (`call_` and 8 random characters); clients may ignore them. */
export function toolCallsOf(generated: Generated): ChatToolCall[] | undefined {
  if (generated.toolCalls.length === 0) return undefined;
  return generated.toolCalls.map((call, index) => ({
    id: `call_${randomBytes(4).toString('hex')}`,
    function: { index, name: call.name, arguments: call.arguments },
  }));
}

/**
 * Durations are plausible, not measured, except load_duration (the load this request waited for) and
 * total_duration, which covers the real time the request took, latency and load included.
 */
export function metricsFor(promptCount: number, generated: Generated, loadMs: number, startedAt: number): ChatMetrics {
  const load = Math.max(NS_PER_MS, Math.round(loadMs * NS_PER_MS));
  const promptEval = promptCount * 100_000;
  const evalDuration = generated.outputTokens * 2 * NS_PER_MS;
  const elapsed = Math.round((performance.now() - startedAt) * NS_PER_MS);
  return {
    total_duration: Math.max(elapsed, load + promptEval + evalDuration),
    load_duration: load,
    prompt_eval_count: promptCount,
    prompt_eval_duration: promptEval,
    eval_count: generated.outputTokens,
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
export function chatResponse(req: ChatRequest, generated: Generated, metrics: ChatMetrics) {
  const message = assistant(generated.content);
  if (generated.thinking) message.thinking = generated.thinking;
  const toolCalls = toolCallsOf(generated);
  if (toolCalls) message.tool_calls = toolCalls;
  // Asked for, the content's tokens with their log-probabilities, at the top of the reply (not the thinking's).
  const logprobs = req.logprobs
    ? { logprobs: logprobsFor(generated.content, generated.tokenProbabilities, req.top_logprobs ?? 0) }
    : {};
  return { ...chunk(req.model, message), done: true, done_reason: generated.doneReason, ...metrics, ...logprobs };
}

/** Word-sized pieces, whitespace kept, so the pieces concatenate back to the exact text. */
export function splitText(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/**
 * The chunks of a streamed reply, in Ollama's order: thinking, then content, then the tool calls in
 * one chunk of their own with empty content, then a final `done` chunk with empty content and counts.
 */
export function chatChunks(req: ChatRequest, generated: Generated, metrics: ChatMetrics): object[] {
  const chunks: object[] = [];
  for (const piece of splitText(generated.thinking)) {
    chunks.push(chunk(req.model, assistant('', { thinking: piece })));
  }
  for (const piece of splitText(generated.content)) {
    chunks.push(chunk(req.model, assistant(piece)));
  }
  const toolCalls = toolCallsOf(generated);
  if (toolCalls) chunks.push(chunk(req.model, assistant('', { tool_calls: toolCalls })));
  chunks.push({ ...chunk(req.model, assistant('')), done: true, done_reason: generated.doneReason, ...metrics });
  return chunks;
}

/** What Ollama answers to a chat with no messages: the model is loaded and nothing is generated. */
export function loadResponse(req: ChatRequest) {
  return { ...chunk(req.model, assistant('')), done_reason: 'load', done: true };
}

const FILLER = 'oversized-filler';

/** An oversized reply as Ollama would send it: one JSON document, or NDJSON chunks of padding then `done`. */
export function oversizedShape(req: ChatRequest, stream: boolean, metrics: ChatMetrics): OversizedShape {
  const done = { ...chunk(req.model, assistant('')), done: true, done_reason: 'stop', ...metrics };
  if (!stream) {
    const whole = JSON.stringify({ ...done, message: assistant(FILLER) });
    return { ...around(whole, FILLER), unit: (filler) => filler, contentType: 'application/json; charset=utf-8' };
  }
  return {
    head: '',
    unit: (filler) => `${JSON.stringify(chunk(req.model, assistant(filler)))}\n`,
    tail: `${JSON.stringify(done)}\n`,
    contentType: 'application/x-ndjson',
  };
}
