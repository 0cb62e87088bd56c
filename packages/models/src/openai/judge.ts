import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { countRetries } from '../common/retry-policy.ts';
import {
  answerTail,
  JUDGE_SAMPLING,
  type StructuredCallOptions,
  type StructuredCallResult,
} from '../common/structured-call.ts';

/** The schema is sent as `response_format: json_schema`, which engines with guided decoding (vLLM, llama.cpp) enforce. */
export interface OpenAIStructuredCallOptions extends StructuredCallOptions<OpenAI> {
  /** Shared by a judge's calls: set once the server has refused json_schema, so later calls do not ask. */
  schemaRefused?: { value: boolean };
}

export type OpenAIStructuredCallResult = StructuredCallResult;

/** A 400 that names response_format: the server (an older llama.cpp, some proxies) cannot constrain output. */
function refusesSchema(error: unknown): boolean {
  const e = error as { status?: unknown; message?: unknown };
  return e?.status === 400 && /response_format|json_schema/i.test(String(e.message));
}

/**
 * One chat completion with structured output. Where the server refuses json_schema the call is made
 * again without it (and later calls no longer ask); where it silently ignores it the answer is prose,
 * and core's parsing, one repair prompt, then a recorded judge error take over.
 */
export async function openAIStructuredCall(options: OpenAIStructuredCallOptions): Promise<OpenAIStructuredCallResult> {
  const { client, model, system, prompt, jsonSchema } = options;
  const { temperature = JUDGE_SAMPLING.temperature, maxTokens = JUDGE_SAMPLING.maxTokens } = options;
  const refused = options.schemaRefused ?? { value: false };
  const started = performance.now();
  const request = (): ChatCompletionCreateParamsNonStreaming => ({
    model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: prompt },
    ],
    temperature,
    max_tokens: maxTokens,
    // The decision token's probability becomes the verdict's confidence (vLLM, llama.cpp and OpenAI send it).
    logprobs: true,
    ...(!refused.value && {
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema: jsonSchema } },
    }),
  });
  const create = async () => {
    try {
      return await client.chat.completions.create(request());
    } catch (error) {
      if (refused.value || !refusesSchema(error)) throw error;
      refused.value = true;
      return client.chat.completions.create(request());
    }
  };
  const { value: completion, retries } = await countRetries(create);
  const tokens = answerTail(completion.choices[0]?.logprobs?.content);
  return {
    text: completion.choices[0]?.message?.content ?? '',
    usage: { input: completion.usage?.prompt_tokens ?? 0, output: completion.usage?.completion_tokens ?? 0 },
    latencyMs: Math.round(performance.now() - started),
    model,
    retries,
    ...(tokens && { tokens }),
  };
}
