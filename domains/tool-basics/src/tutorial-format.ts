import { brief, type CaseInput, DifficultySchema, SplitSchema } from '@evalpacks/core';
import { z } from 'zod';
import { TOOL_NAMES } from './tools.ts';

/**
 * One item, or a non-empty list of them. A value of the wrong type reads as the single item's error
 * ("expected string, received number"), since the single form is the tutorial's own.
 */
function oneOrList<Item extends z.ZodType>(item: Item, missing?: string) {
  const list = z.array(item).min(1);
  return z.union([item, list], {
    error: (issue) => {
      if (issue.input === undefined && missing) return missing;
      return (Array.isArray(issue.input) ? list : item).safeParse(issue.input).error?.issues[0]?.message;
    },
  });
}

const ToolNameSchema = z.enum(TOOL_NAMES);

/**
 * One case in the tutorial's format. `null` means none; for `expected_tool` that means NO tool may
 * be called, so the field must be written out rather than left away. The tutorial's four keys are all a
 * user's file needs; the others are optional additions (issue 23) and a file without them loads as it did.
 */
export const TutorialCaseSchema = z.strictObject({
  /** Optional: derived from the input when absent. */
  id: z.string().min(1).optional(),
  input: z.string().min(1),
  /**
   * Must appear in the answer, ignoring case; a list gives alternatives, any one of which passes
   * (["5", "five"]); null or absent skips the check.
   */
  expected_keyword: oneOrList(z.string().min(1)).nullish(),
  /**
   * Must be called; a list: every one, in that order; null means no tool may be called at all. Every
   * expected (and forbidden) tool follows from the baseline prompt's wording, never from one variant's.
   */
  expected_tool: oneOrList(ToolNameSchema, 'missing: give a tool name, or null for "no tool may be called"').nullable(),
  /** Tools that must not be called: the plausible wrong choice, or a tool the user tries to talk it into. */
  forbidden_tools: z.array(ToolNameSchema).min(1).optional(),
  /** For the judge; null or absent means no judge call. */
  judge_rubric: z.string().min(1).nullish(),
  /** dev (tune prompts and the judge on it) or test (confirm on it, once); absent: the id decides. */
  split: SplitSchema.optional(),
  /** The coverage category: tool-required, no-tool, tool-choice, ambiguous, adversarial, or your own. */
  category: z.string().min(1).optional(),
  difficulty: DifficultySchema.optional(),
  tags: z.array(z.string().min(1)).optional(),
  /** One line: why the case is in the pack, and why its expectations follow from the baseline prompt. */
  rationale: z.string().min(1).optional(),
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

function toolExpectations(item: TutorialCase): Partial<CaseInput> {
  if (item.expected_tool === null) return { noTools: true };
  const tools = typeof item.expected_tool === 'string' ? [item.expected_tool] : item.expected_tool;
  return { expectTools: tools, ...(tools.length > 1 && { toolOrder: tools }) };
}

export function tutorialToCase(raw: unknown): CaseInput {
  const item = TutorialCaseSchema.parse(raw);
  return {
    id: item.id ?? idFromInput(item.input),
    name: brief(item.input, 90),
    input: item.input,
    ...toolExpectations(item),
    ...(item.forbidden_tools && { neverTools: item.forbidden_tools }),
    ...(item.expected_keyword && { expectedKeyword: item.expected_keyword }),
    ...(item.judge_rubric && { rubric: item.judge_rubric }),
    ...(item.split && { split: item.split }),
    ...(item.category && { category: item.category }),
    ...(item.difficulty && { difficulty: item.difficulty }),
    ...(item.tags && { tags: item.tags }),
    ...(item.rationale && { rationale: item.rationale }),
  };
}
