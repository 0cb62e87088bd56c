import {
  type BedrockRuntimeClient,
  type ContentBlock,
  ConverseCommand,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';
import { countRetries } from '../common/retry-policy.ts';
import { JUDGE_SAMPLING, type StructuredCallOptions, type StructuredCallResult } from '../common/structured-call.ts';

/** The one tool the judge is made to call: its input is the verdict, shaped by the verdict's JSON schema. */
export const VERDICT_TOOL = 'record_verdict';

/**
 * The schema goes in as the forced tool's input schema; the result's text is the tool input as JSON text
 * (or the model's text if it did not call the tool), which core parses.
 */
export type BedrockStructuredCallOptions = StructuredCallOptions<BedrockRuntimeClient>;
export type BedrockStructuredCallResult = StructuredCallResult;

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
  const { client, model, system, prompt, jsonSchema } = options;
  const { temperature = JUDGE_SAMPLING.temperature, maxTokens = JUDGE_SAMPLING.maxTokens } = options;
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
  const { value: response, retries } = await countRetries(() => client.send(command));
  return {
    text: answerText(response.output?.message?.content ?? []),
    usage: { input: response.usage?.inputTokens ?? 0, output: response.usage?.outputTokens ?? 0 },
    latencyMs: Math.round(performance.now() - started),
    model,
    retries,
  };
}
