import { invokeTool, type Tool } from '@evalpacks/core';
import { toolInputJsonSchema } from '@evalpacks/core/runner';
import {
  FunctionTool,
  type JSONSchema,
  type JSONValue,
  JsonBlock,
  type Tool as StrandsTool,
} from '@strands-agents/sdk';

/**
 * A pack's tools as Strands tools, for any backend that runs the Strands agent. Core validates the
 * arguments (so a bad one reads the same on every backend) and a throw becomes Strands' error
 * result, which the model sees and the transcript records.
 */
export function toStrandsTools(tools: readonly Tool[]): StrandsTool[] {
  return tools.map(
    (coreTool) =>
      new FunctionTool({
        name: coreTool.name,
        description: coreTool.description,
        inputSchema: toolInputJsonSchema(coreTool) as JSONSchema,
        callback: async (input) => asToolOutput(await invokeTool(coreTool, input)),
      }),
  );
}

/**
 * A snapshot of the tool's return value: a later call must not change what an earlier one
 * returned in the transcript, and only JSON reaches the model.
 */
function asToolOutput(result: unknown): JSONValue {
  if (result === undefined) return null;
  const json = JSON.parse(JSON.stringify(result)) as JSONValue;
  // Strands reads a one-key object such as {text: ...} as a content block; say it is JSON.
  const isObject = typeof json === 'object' && json !== null && !Array.isArray(json);
  return isObject ? (new JsonBlock({ json }) as unknown as JSONValue) : json;
}
