import { z } from 'zod';
import type { JudgedItemKind } from '../schema/verdict.ts';
import { parseYesNo, YES_NO_SHAPE } from './yes-no.ts';

/** How the judge is asked: a per-kind JSON verdict (default), or a YES/NO question for small models. */
export const JUDGE_STYLES = ['structured', 'yes-no'] as const;
export type JudgeStyle = (typeof JUDGE_STYLES)[number];

/**
 * The fixed JSON shapes the judge must answer in. Reasoning comes first so the model explains
 * before it commits (constrained decoding emits keys in schema order).
 */
export const VERDICT_SHAPES = {
  finding: z.object({ reasoning: z.string().min(1), caught: z.boolean() }),
  absent: z.object({ reasoning: z.string().min(1), flagged: z.boolean() }),
  rubric: z.object({ reasoning: z.string().min(1), pass: z.boolean() }),
} as const;

export type ParsedVerdict = { reasoning: string; passed: boolean };

export function verdictJsonSchema(kind: JudgedItemKind, style: JudgeStyle = 'structured'): Record<string, unknown> {
  const shape = style === 'yes-no' ? YES_NO_SHAPE : VERDICT_SHAPES[kind];
  const { $schema: _ignored, ...schema } = z.toJSONSchema(shape) as Record<string, unknown>;
  return schema;
}

/** Finds the JSON object in an answer that wraps it in prose or a ```json fence. */
function extractJson(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    const start = trimmed.indexOf('{');
    const end = trimmed.lastIndexOf('}');
    if (start < 0 || end <= start) throw new Error('no JSON object in the answer');
    return JSON.parse(trimmed.slice(start, end + 1));
  }
}

/** Parses a judge answer into pass/fail for the item; throws with a short reason when it cannot. */
export function parseVerdict(kind: JudgedItemKind, text: string, style: JudgeStyle = 'structured'): ParsedVerdict {
  if (style === 'yes-no') return parseYesNo(kind, text, () => extractJson(text));
  let json: unknown;
  try {
    json = extractJson(text);
  } catch (error) {
    throw new Error(`not JSON: ${(error as Error).message}`);
  }
  const parsed = VERDICT_SHAPES[kind].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`wrong shape: ${issue?.path.join('.') || 'answer'}: ${issue?.message}`);
  }
  const data = parsed.data as Record<string, unknown>;
  // An expectedAbsent item passes when the answer did NOT flag it.
  const passed = kind === 'finding' ? data.caught : kind === 'absent' ? !data.flagged : data.pass;
  return { reasoning: String(data.reasoning), passed: Boolean(passed) };
}
