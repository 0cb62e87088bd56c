import { invokeTool, type ToolCall } from '@evalpacks/core';
import { createSupportDesk } from '../src/tools.ts';

/** A tool call as a starter answer makes it: the result comes from running it. */
export interface StarterCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * Runs the calls in order on one fresh desk, as one case run gets it; a thrown tool keeps its message, as
 * the agent loop records it. Used to write the labels file and to check that its results are the tools' own.
 */
export async function runStarterCalls(calls: readonly StarterCall[]): Promise<ToolCall[]> {
  const { tools } = createSupportDesk();
  const made: ToolCall[] = [];
  for (const call of calls) {
    const tool = tools.find((candidate) => candidate.name === call.name);
    if (!tool) {
      made.push({ name: call.name, arguments: call.arguments, error: `no tool "${call.name}" in the pack` });
      continue;
    }
    try {
      // A JSON round trip: the model saw the result as JSON, and the labels file stores it so.
      const result: unknown = JSON.parse(JSON.stringify(await invokeTool(tool, call.arguments)));
      made.push({ name: call.name, arguments: call.arguments, result });
    } catch (error) {
      made.push({
        name: call.name,
        arguments: call.arguments,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return made;
}
