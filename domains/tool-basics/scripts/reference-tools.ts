import { invokeTool, type ToolCall } from '@evalpacks/core';
import { basicTools } from '../src/tools.ts';

/** The moment every reference answer was written at, so current_time gives the same result each time. */
export const REFERENCE_TIME = () => new Date(2026, 6, 10, 12, 44, 39);

/**
 * Runs a reference's calls through the real tools (clock at REFERENCE_TIME) and returns them with what the
 * tools returned, as a backend records it: a number or a string as text, an object as JSON, a throw as the
 * call's error. No result in a reference is typed by hand.
 */
export async function replayCalls(calls: readonly Pick<ToolCall, 'name' | 'arguments'>[]): Promise<ToolCall[]> {
  const tools = basicTools(REFERENCE_TIME);
  const replayed: ToolCall[] = [];
  for (const { name, arguments: args } of calls) {
    const tool = tools.find((item) => item.name === name);
    if (!tool) throw new Error(`no tool named ${name}`);
    try {
      const result = await invokeTool(tool, args);
      replayed.push({ name, arguments: args, result: typeof result === 'object' ? result : String(result) });
    } catch (error) {
      replayed.push({ name, arguments: args, error: (error as Error).message });
    }
  }
  return replayed;
}
