import { readFileSync } from 'node:fs';
import { type ToolCall, type Transcript, TranscriptSchema } from '@evalpacks/core';
import { readGolden } from '../scripts/coverage.ts';
import type { GoldenLine } from '../src/golden.ts';

/** The hand-written reference transcript of a scenario, as a correct agent would produce it. */
export function fixture(id: string): Transcript {
  return TranscriptSchema.parse(rawFixture(id));
}

/** The fixture file as written, before the transcript schema drops fields it does not know. */
export function rawFixture(id: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../fixtures/${id}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * The pack's golden lines (every JSONL file in cases/, conversations too), parsed: counts and ids in tests
 * come from here, never from a hard-coded list.
 */
export function goldenLines(): GoldenLine[] {
  return readGolden(new URL('..', import.meta.url));
}

/** A transcript with just these calls and this answer. */
export function transcript(toolCalls: ToolCall[], answer = 'Done.', input = 'help'): Transcript {
  return {
    input,
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
