import type { ChatRequest } from 'ollama';
import type { RetryCount } from '../common/retry-policy.ts';
import { answerTail } from '../common/structured-call.ts';
import { ollamaChat } from './chat-call.ts';
import { asOllamaUnavailable, describeOllamaError } from './errors.ts';
import type { OllamaHosts } from './host-pool.ts';

/** Room for a verdict's reasoning; a judge that thinks gets JUDGE_THINKING_TOKENS more. */
export const JUDGE_MAX_TOKENS = 2048;
export const JUDGE_THINKING_TOKENS = 8192;
/** The judge's temperature unless a caller asks otherwise: as repeatable as the model allows. */
export const JUDGE_TEMPERATURE = 0;

export interface OllamaStructuredCallOptions {
  hosts: OllamaHosts;
  model: string;
  system: string;
  prompt: string;
  /** Sent as Ollama's `format`, which constrains decoding to this schema. */
  jsonSchema: Record<string, unknown>;
  /** 0 unless a caller deliberately wants a less repeatable judge. */
  temperature?: number;
  /** Ollama's `think`; the server's default when unset (a thinking model then thinks). */
  think?: ChatRequest['think'];
}

export interface OllamaStructuredCallResult {
  /** Unparsed: core validates it, so a garbled answer becomes a recorded judge error. */
  text: string;
  usage: { input: number; output: number };
  latencyMs: number;
  model: string;
  retries: number;
  /** 'length' when the answer hit num_predict: core then records a judge error naming the cause. */
  stopReason: 'end' | 'length';
  /** The answer's last tokens with their log-probabilities (a server before 0.12.11 sends none). */
  tokens?: { token: string; logprob: number }[];
}

/**
 * The judge's num_predict: unless thinking is off, room to think too, since a thinking model left to
 * the server's default thinks. Fixed by the flags alone, so it can be part of the cache key without
 * asking the server first.
 */
export function judgeOutputTokens(think: ChatRequest['think']): number {
  return JUDGE_MAX_TOKENS + (think === false ? 0 : JUDGE_THINKING_TOKENS);
}

/** One schema-constrained chat call, as the judge needs it. Errors propagate, with their cause said. */
export async function ollamaStructuredCall(options: OllamaStructuredCallOptions): Promise<OllamaStructuredCallResult> {
  const { hosts, model, system, prompt, jsonSchema, temperature = JUDGE_TEMPERATURE, think } = options;
  const started = performance.now();
  const request: ChatRequest = {
    model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: prompt },
    ],
    format: jsonSchema,
    options: { temperature },
    // The decision token's probability becomes the verdict's confidence; an older server ignores the field.
    logprobs: true,
    ...(think !== undefined && { think }),
  };
  try {
    const outputTokens = judgeOutputTokens(think);
    const count: RetryCount = { retries: 0 };
    const response = await ollamaChat({ hosts, request, outputTokens, count });
    const tokens = answerTail(response.logprobs);
    return {
      text: response.message?.content ?? '',
      usage: { input: response.prompt_eval_count ?? 0, output: response.eval_count ?? 0 },
      latencyMs: Math.round(performance.now() - started),
      model: response.model || model,
      retries: count.retries,
      stopReason: response.done_reason === 'length' ? 'length' : 'end',
      ...(tokens && { tokens }),
    };
  } catch (error) {
    throw asOllamaUnavailable(error, model) ?? new Error(describeOllamaError(error), { cause: error });
  }
}
