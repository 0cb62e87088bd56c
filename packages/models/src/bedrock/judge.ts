import {
  type BedrockRuntimeClient,
  type ContentBlock,
  ConverseCommand,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';
import type { ModelCalls } from '@evalpacks/core';
import { isConverseReply } from '../common/cached-shapes.ts';
import { countRetries } from '../common/retry-policy.ts';

/** The one tool the judge is made to call: its input is the verdict, shaped by the verdict's JSON schema. */
export const VERDICT_TOOL = 'record_verdict';

export interface BedrockStructuredCallOptions {
  client: BedrockRuntimeClient;
  model: string;
  system: string;
  prompt: string;
  /** The answer's JSON schema, given to the model as the forced tool's input schema. */
  jsonSchema: Record<string, unknown>;
  /** 0 unless a caller deliberately wants a less repeatable judge. */
  temperature?: number;
  maxTokens?: number;
  /** The call cache and counter; with it, `epoch` is part of the key. */
  calls?: ModelCalls;
  epoch?: number;
  /** The judge prompt's version, keyed with the call (see StructuredCallRequest). */
  promptVersion?: string;
}

export interface BedrockStructuredCallResult {
  /** The tool input as JSON text (or the model's text if it did not call the tool): core parses it. */
  text: string;
  usage: { input: number; output: number };
  latencyMs: number;
  model: string;
  retries: number;
}

/** A cached answer as this run sees it: no tokens spent, no retries. */
function freeConverse<R extends { value: { usage?: object }; retries: number }>(cached: R): R {
  const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  return { ...cached, value: { ...cached.value, usage }, retries: 0 };
}

function answerText(content: ContentBlock[]): string {
  const use = content.find((block) => block.toolUse?.name === VERDICT_TOOL)?.toolUse;
  if (use) return JSON.stringify(use.input ?? null);
  return content.map((block) => block.text ?? '').join('');
}

/**
 * One Converse call with structured output: Bedrock's Converse API has no JSON mode, so the schema
 * goes in as a tool the model must call (toolChoice), and the tool's input is the answer. Core parses
 * and validates that text as it would any judge's, so a wrong shape still becomes a judge error.
 */
export async function bedrockStructuredCall(
  options: BedrockStructuredCallOptions,
): Promise<BedrockStructuredCallResult> {
  const { client, model, system, prompt, jsonSchema, temperature = 0, maxTokens = 2048, calls, epoch = 0 } = options;
  const started = performance.now();
  const command = new ConverseCommand({
    modelId: model,
    system: [{ text: system }],
    messages: [{ role: 'user', content: [{ text: prompt }] }],
    toolConfig: {
      tools: [
        {
          toolSpec: {
            name: VERDICT_TOOL,
            description: 'Record your verdict on the item: your reasoning first, then your decision.',
            inputSchema: { json: jsonSchema } as ToolInputSchema,
          },
        },
      ],
      toolChoice: { tool: { name: VERDICT_TOOL } },
    },
    inferenceConfig: { temperature, maxTokens },
  });
  const send = () => countRetries(() => client.send(command));
  const material = {
    backend: 'bedrock',
    model,
    params: { ...command.input.inferenceConfig },
    system,
    messages: command.input.messages ?? [],
    tools: command.input.toolConfig?.tools ?? [],
    outputSchema: jsonSchema,
    epoch,
    promptVersion: options.promptVersion,
  };
  const { value: response, retries } = await (calls
    ? calls.run('judge', material, send, freeConverse, isConverseReply)
    : send());
  return {
    text: answerText(response.output?.message?.content ?? []),
    usage: { input: response.usage?.inputTokens ?? 0, output: response.usage?.outputTokens ?? 0 },
    latencyMs: Math.round(performance.now() - started),
    model,
    retries,
  };
}
