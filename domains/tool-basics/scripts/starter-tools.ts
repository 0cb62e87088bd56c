import { invokeTool, type ToolCall } from '@evalpacks/core';
import { basicTools } from '../src/index.ts';

/**
 * The clock the starter labels' tool calls ran on: 10 July 2026, 12:44:39 local time (the time the
 * current-time case's rubric speaks of). Built from local parts, so current_time returns
 * "2026-07-10 12:44:39" in every time zone; every other tool is pure.
 */
export const STARTER_CLOCK = () => new Date(2026, 6, 10, 12, 44, 39);

/** One call as an answer asks for it: the tool and its arguments; what it returns comes from the tool. */
export interface AskedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * Runs the calls in order through the pack's own tools on the starter clock and records each as the agent
 * loop does: the tool's result, or the message it threw (the loop hands that to the model and goes on).
 */
export async function runStarterCalls(calls: readonly AskedCall[]): Promise<ToolCall[]> {
  const tools = basicTools(STARTER_CLOCK);
  const recorded: ToolCall[] = [];
  // Only the name and arguments are taken: a stored result or error must never pass through to the replay.
  for (const { name, arguments: args } of calls) {
    const call = { name, arguments: args };
    const tool = tools.find((candidate) => candidate.name === call.name);
    if (!tool) {
      recorded.push({ ...call, error: `no tool "${call.name}" in the tool-basics pack` });
      continue;
    }
    try {
      recorded.push({ ...call, result: await invokeTool(tool, call.arguments) });
    } catch (error) {
      recorded.push({ ...call, error: (error as Error).message });
    }
  }
  return recorded;
}
