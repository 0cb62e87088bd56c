import { z } from 'zod';
import type { Finding } from '../schema/finding.ts';
import type { JudgedItemKind } from '../schema/verdict.ts';
import { DATA_NOTICE } from './fence.ts';
import { acceptableBlock, guidanceSteps, type JudgeContext, material } from './prompts.ts';
import { TURN_EXPECTATION } from './verdict-turn.ts';

/**
 * The simpler judge form for small local models: one plain question, answered YES or NO, with a
 * sentence of reasoning first when the model manages it.
 */
export const YES_NO_SHAPE = z.object({
  reasoning: z.string().min(1),
  answer: z.enum(['YES', 'NO']),
});

/** What a YES means per kind: a finding caught, a rubric met, but an item flagged that must not be. */
const YES_PASSES: Record<JudgedItemKind, boolean> = { finding: true, rubric: true, absent: false };

const FORMAT =
  'Answer with one JSON object, reasoning first: {"reasoning": "<one sentence>", "answer": "YES" or "NO"}. ' +
  'If you cannot write JSON, reply with just YES or NO.';

function question(kind: JudgedItemKind, ctx: JudgeContext, item: string): string {
  if (kind === 'finding') {
    return `Does the ${ctx.subject} identify this specific issue and explain why it is a problem?\n${item}`;
  }
  if (kind === 'absent') {
    return `Does the ${ctx.subject} report the following as a problem?\n${item}${acceptableBlock(ctx)}`;
  }
  return `Does the ${ctx.subject} meet the rubric?\nRubric: ${item}`;
}

export function yesNoPrompt(
  kind: JudgedItemKind,
  ctx: JudgeContext,
  item: string | Finding,
): { system: string; prompt: string } {
  const text = typeof item === 'string' ? item : `${item.description} (hint keywords: ${item.keywords.join(', ')})`;
  // A pack's tuning reaches small models too, as plain sentences before the answer format.
  const tuning = [...guidanceSteps(ctx), ...(ctx.narrowing ? [ctx.narrowing] : [])].join(' ');
  return {
    system:
      `You grade an AI agent's ${ctx.subject}. Be strict and literal. ${DATA_NOTICE} ${tuning ? `${tuning} ` : ''}${FORMAT}` +
      (ctx.conversation !== undefined ? ` ${TURN_EXPECTATION}` : ''),
    prompt: `${material(ctx)}\n\n${question(kind, ctx, text)}`,
  };
}

/** YES/NO as the first word of a plain answer, ignoring case, quotes, markdown and punctuation. */
const PLAIN = /^[\s"'`*_#>-]*(YES|NO)\b[\s"'`*_.!:,;-]*([\s\S]*)$/i;

/** Reads a JSON answer, or a plain one that starts with YES or NO; throws with a short reason otherwise. */
export function parseYesNo(
  kind: JudgedItemKind,
  text: string,
  json: () => unknown,
): { reasoning: string; passed: boolean } {
  const plain = PLAIN.exec(text.trim());
  if (plain) {
    const yes = plain[1]?.toUpperCase() === 'YES';
    const reasoning = plain[2]?.trim() || `answered ${yes ? 'YES' : 'NO'} without reasoning`;
    return { reasoning, passed: yes === YES_PASSES[kind] };
  }
  let value: unknown;
  try {
    value = json();
  } catch {
    throw new Error('neither JSON nor an answer starting with YES or NO');
  }
  const normalised =
    value && typeof value === 'object' && typeof (value as { answer?: unknown }).answer === 'string'
      ? { ...value, answer: (value as { answer: string }).answer.trim().toUpperCase() }
      : value;
  const parsed = YES_NO_SHAPE.safeParse(normalised);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`wrong shape: ${issue?.path.join('.') || 'answer'}: ${issue?.message}`);
  }
  return { reasoning: parsed.data.reasoning, passed: (parsed.data.answer === 'YES') === YES_PASSES[kind] };
}
