import { invokeTool, type ToolCall } from '@evalpacks/core';
import type { EndState } from './end-state.ts';
import { createSupportDesk } from './tools.ts';

/**
 * Runs recorded calls (name and arguments) through the real tools of a fresh order book, as an agent's
 * calls would run: what each returned or the error it threw, and the end state they leave behind.
 */
export async function replayOnFreshDesk(
  calls: readonly Pick<ToolCall, 'name' | 'arguments'>[],
): Promise<{ toolCalls: ToolCall[]; endState: EndState }> {
  const { tools, snapshot } = createSupportDesk();
  const toolCalls: ToolCall[] = [];
  for (const { name, arguments: args } of calls) {
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new Error(`no tool ${name}`);
    try {
      toolCalls.push({ name, arguments: args, result: await invokeTool(tool, args) });
    } catch (error) {
      toolCalls.push({ name, arguments: args, error: (error as Error).message });
    }
  }
  return { toolCalls, endState: snapshot() };
}
