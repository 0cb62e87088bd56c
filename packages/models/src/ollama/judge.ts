import type { ModelCalls } from '@evalpacks/core/runner';
import type { ChatRequest, Ollama } from 'ollama';
import { isOllamaReply } from '../common/cached-shapes.ts';
import { freeOllamaReply, ollamaCallMaterial } from './call-key.ts';
import { asOllamaUnavailable } from './errors.ts';

export interface OllamaStructuredCallOptions {
  client: Ollama;
  model: string;
  system: string;
  prompt: string;
  /** Sent as Ollama's `format`, which constrains decoding to this schema. */
  jsonSchema: Record<string, unknown>;
  /** 0 unless a caller deliberately wants a less repeatable judge. */
  temperature?: number;
  /** The call cache and counter; with it, `epoch` is part of the key. */
  calls?: ModelCalls;
  epoch?: number;
  /** The judge prompt's version, keyed with the call (see StructuredCallRequest). */
  promptVersion?: string;
}

export interface OllamaStructuredCallResult {
  /** Unparsed: core validates it, so a garbled answer becomes a recorded judge error. */
  text: string;
  usage: { input: number; output: number };
  latencyMs: number;
  model: string;
}

/** The call's cache key material: the request's, plus the judge prompt's version. */
const keyed = (request: ChatRequest, epoch: number, promptVersion?: string) => ({
  ...ollamaCallMaterial(request, epoch),
  promptVersion,
});

/** One schema-constrained chat call, as the judge needs it. Errors propagate. */
export async function ollamaStructuredCall(options: OllamaStructuredCallOptions): Promise<OllamaStructuredCallResult> {
  const { client, model, system, prompt, jsonSchema, temperature = 0, calls, epoch = 0, promptVersion } = options;
  const started = performance.now();
  const request: ChatRequest = {
    model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: prompt },
    ],
    format: jsonSchema,
    options: { temperature },
  };
  const chat = () => client.chat({ ...request, stream: false });
  try {
    const response = await (calls
      ? calls.run('judge', keyed(request, epoch, promptVersion), chat, freeOllamaReply, isOllamaReply)
      : chat());
    return {
      text: response.message?.content ?? '',
      usage: { input: response.prompt_eval_count ?? 0, output: response.eval_count ?? 0 },
      latencyMs: Math.round(performance.now() - started),
      model: response.model || model,
    };
  } catch (error) {
    throw asOllamaUnavailable(error, model) ?? error;
  }
}
