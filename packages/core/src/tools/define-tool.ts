import { z } from 'zod';

/**
 * A tool the agent under test may call, described without any backend: a backend turns it into its
 * own tool type (a Strands tool, a Bedrock tool spec). `run` gets arguments already validated
 * against `input`; what it returns (JSON-serialisable) is what the model sees. A tool that throws
 * becomes an error result the model sees, and the loop goes on.
 */
export interface Tool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  /** Shown to the model; Bedrock and Strands refuse a tool without one. */
  description: string;
  input: Input;
  run(args: z.infer<Input>): unknown;
}

/** Tool names as Bedrock and Ollama both accept them. */
const TOOL_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

export function defineTool<Input extends z.ZodObject>(tool: Tool<Input>): Tool<Input> {
  if (!TOOL_NAME.test(tool.name)) {
    throw new Error(`tool name "${tool.name}" must start with a letter and use letters, digits, _ and - (64 at most)`);
  }
  if (tool.description.trim() === '') throw new Error(`tool "${tool.name}" needs a description`);
  return tool;
}

/** Thrown for arguments that do not match a tool's input schema; the model reads the message. */
export class ToolArgumentsError extends Error {
  override name = 'ToolArgumentsError';
}

/**
 * Validates the model's arguments and runs the tool. Every backend calls tools through this, so
 * a bad argument reads the same on every backend: one line naming the field.
 */
export async function invokeTool(tool: Tool, args: unknown): Promise<unknown> {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`);
    throw new ToolArgumentsError(`invalid arguments for ${tool.name}: ${problems.join('; ')}`);
  }
  return await tool.run(parsed.data);
}

/** The tool's input as a JSON schema (what Ollama's `parameters` and Bedrock's `inputSchema` take). */
export function toolInputJsonSchema(tool: Tool): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.input) as Record<string, unknown>;
  return schema;
}
