import { brief, type CaseInput } from '@evalpacks/core';
import { z } from 'zod';
import { TOOL_NAMES } from './tools.ts';

/**
 * One case in the tutorial's format. `null` means none; for `expected_tool` that means NO tool may
 * be called, so the field must be written out rather than left away.
 */
export const TutorialCaseSchema = z.strictObject({
  /** Optional: derived from the input when absent. */
  id: z.string().min(1).optional(),
  input: z.string().min(1),
  /** Must appear in the answer, ignoring case; null or absent skips the check. */
  expected_keyword: z.string().min(1).nullish(),
  /** Must be called; null means no tool may be called at all. */
  expected_tool: z
    .enum(TOOL_NAMES, {
      error: (issue) =>
        issue.input === undefined ? 'missing: give a tool name, or null for "no tool may be called"' : undefined,
    })
    .nullable(),
  /** For the judge; null or absent means no judge call. */
  judge_rubric: z.string().min(1).nullish(),
});
export type TutorialCase = z.infer<typeof TutorialCaseSchema>;

/** A readable, stable id from the input: "What time is it right now?" → "what-time-is-it-right-now". */
export function idFromInput(input: string): string {
  const words = input.toLowerCase().match(/[a-z0-9]+/g) ?? ['case'];
  let id = '';
  for (const word of words) {
    if (id.length + word.length + 1 > 60) break;
    id = id ? `${id}-${word}` : word;
  }
  return id || (words[0] ?? 'case').slice(0, 60);
}

export function tutorialToCase(raw: unknown): CaseInput {
  const item = TutorialCaseSchema.parse(raw);
  return {
    id: item.id ?? idFromInput(item.input),
    name: brief(item.input, 90),
    input: item.input,
    ...(item.expected_tool === null ? { noTools: true } : { expectTools: [item.expected_tool] }),
    ...(item.expected_keyword && { expectedKeyword: item.expected_keyword }),
    ...(item.judge_rubric && { rubric: item.judge_rubric }),
  };
}
