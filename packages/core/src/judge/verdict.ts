import { z } from 'zod';
import type { JudgedItemKind } from '../schema/verdict.ts';
import { TURN_FIELD } from './verdict-turn.ts';
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

/** `named`: the turn the judge named, as it wrote it, for placeTurn to check (absent when it named none). */
export type ParsedVerdict = { reasoning: string; passed: boolean; named?: unknown };

/**
 * The JSON schema of the judge's answer; on a conversation case (`conversation`) it also asks for the turn
 * the verdict rests on (verdict-turn.ts), required so constrained decoding makes the judge decide it.
 */
export function verdictJsonSchema(
  kind: JudgedItemKind,
  style: JudgeStyle = 'structured',
  conversation = false,
): Record<string, unknown> {
  const base = style === 'yes-no' ? YES_NO_SHAPE : VERDICT_SHAPES[kind];
  const shape = conversation ? base.extend(TURN_FIELD) : base;
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

/** The `turn` a JSON answer carries, as written (a plain YES/NO answer has none). */
function namedTurn(json: unknown): { named?: unknown } {
  return json !== null && typeof json === 'object' && 'turn' in json ? { named: (json as { turn: unknown }).turn } : {};
}

/** Parses a judge answer into pass/fail for the item; throws with a short reason when it cannot. */
export function parseVerdict(kind: JudgedItemKind, text: string, style: JudgeStyle = 'structured'): ParsedVerdict {
  if (style === 'yes-no') {
    let json: unknown;
    const read = () => {
      json = extractJson(text);
      return json;
    };
    return { ...parseYesNo(kind, text, read), ...namedTurn(json) };
  }
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
  return { reasoning: String(data.reasoning), passed: Boolean(passed), ...namedTurn(json) };
}
