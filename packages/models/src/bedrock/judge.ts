import {
  type BedrockRuntimeClient,
  type ContentBlock,
  ConverseCommand,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';
import { countRetries } from '../common/retry-policy.ts';

/** The one tool the judge is made to call: its input is the verdict, shaped by the verdict's JSON schema. */
export const VERDICT_TOOL = 'record_verdict';

/** What every judge call sends unless a caller asks otherwise: repeatable, with room for the reasoning. */
export const JUDGE_INFERENCE = { temperature: 0, maxTokens: 2048 } as const;

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
}

export interface BedrockStructuredCallResult {
  /** The tool input as JSON text (or the model's text if it did not call the tool): core parses it. */
  text: string;
  usage: { input: number; output: number };
  latencyMs: number;
  model: string;
  retries: number;
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
  const { client, model, system, prompt, jsonSchema } = options;
  const { temperature = JUDGE_INFERENCE.temperature, maxTokens = JUDGE_INFERENCE.maxTokens } = options;
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
