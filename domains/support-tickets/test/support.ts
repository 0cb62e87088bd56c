import { readFileSync } from 'node:fs';
import { type ToolCall, type Transcript, TranscriptSchema } from '@evalpacks/core';

/** The hand-written sample transcript of a scenario, as a correct agent would produce it. */
export function fixture(id: string): Transcript {
  const raw = JSON.parse(readFileSync(new URL(`../fixtures/${id}.json`, import.meta.url), 'utf8')) as unknown;
  return TranscriptSchema.parse(raw);
}

/** A transcript with just these calls and this answer. */
export function transcript(toolCalls: ToolCall[], answer = 'Done.'): Transcript {
  return {
    input: 'help',
    answer,
    toolCalls,
    turns: toolCalls.length + 1,
    usage: { input: 0, output: 0 },
    latencyMs: 0,
    model: 'm',
  };
}

export const call = (name: string, args: Record<string, unknown>, extra: Partial<ToolCall> = {}): ToolCall => ({
  name,
  arguments: args,
  ...extra,
});
