import { InputError } from '../errors/input-error.ts';
import type { ToolCall } from '../schema/transcript.ts';
import { invokeTool, type Tool } from './define-tool.ts';

/**
 * A stateful world for one case run: the tools the agent acts on it with, and a snapshot of its state
 * once the agent has ended (an order book's refunds, say). Checks compare the snapshot, not what the
 * agent says it did, with the case's expected end state.
 */
export interface Environment {
  tools: Tool[];
  /** The state now, as JSON-serialisable data: it is stored with the transcript and shown in reports. */
  snapshot(): unknown;
}

/**
 * The environment's state as stored: a JSON copy, so a later change to the environment cannot reach it
 * and it reads back from the store exactly as the checks saw it. Undefined when the snapshot is.
 */
export function snapshotOf(environment: Environment, pack: string): unknown {
  let state: unknown;
  try {
    state = environment.snapshot();
  } catch (error) {
    throw new Error(`pack "${pack}": the environment's snapshot() threw: ${(error as Error).message ?? error}`);
  }
  if (state === undefined) return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(state);
  } catch (error) {
    throw new Error(`pack "${pack}": the environment's snapshot() is not JSON data: ${(error as Error).message}`);
  }
  if (json === undefined) throw new Error(`pack "${pack}": the environment's snapshot() is not JSON data`);
  return JSON.parse(json) as unknown;
}

/**
 * Runs recorded tool calls, in order, through these tools. A call that fails fails as it would live (a
 * refund refused is part of the trajectory); a tool that is not there is an error naming it.
 */
export async function runToolCalls(tools: readonly Tool[], calls: readonly ToolCall[], where: string): Promise<void> {
  for (const [index, call] of calls.entries()) {
    const tool = tools.find((candidate) => candidate.name === call.name);
    if (!tool) {
      const known = tools.map((candidate) => candidate.name).join(', ') || 'none';
      throw new InputError(
        `${where}: tool call ${index + 1} names tool "${call.name}", which the pack lacks (${known})`,
      );
    }
    try {
      await invokeTool(tool, call.arguments);
    } catch {
      // The live run would have handed the error to the model and gone on; so does the replay.
    }
  }
}

/**
 * The end state recorded tool calls leave in a fresh environment: how a hand-written reference trajectory
 * gets its end state computed, never written by hand.
 */
export async function replayToolCalls(
  environment: Environment,
  calls: readonly ToolCall[],
  where: string,
  pack: string,
): Promise<unknown> {
  await runToolCalls(environment.tools, calls, where);
  return snapshotOf(environment, pack);
}
