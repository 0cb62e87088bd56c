import { z } from 'zod';
import { capForJudge, DATA_NOTICE, fenced, fenceId, fenceNotice } from '../../judge/fence.ts';
import type { Disagreement } from '../agreement.ts';

/**
 * The version of the tuning prompt. Bump it whenever its wording changes: it is part of each tuning call's
 * cache key, so a reworded prompt never reuses the proposals of the old one.
 */
export const TUNE_PROMPT_VERSION = 'judge-tune-v1';

/** What the tuning model answers: lines to add, and which disagreements to show as worked examples. */
export const TuneAnswerSchema = z.object({
  steps: z.array(z.string()).max(5).default([]),
  narrowing: z.array(z.string()).max(5).default([]),
  /** Numbers of the disagreements shown (1-based) that make good worked examples. */
  examples: z.array(z.number().int()).max(3).default([]),
});
export type TuneAnswer = z.infer<typeof TuneAnswerSchema>;

export const TUNE_ANSWER_JSON_SCHEMA = {
  type: 'object',
  properties: {
    steps: { type: 'array', items: { type: 'string' } },
    narrowing: { type: 'array', items: { type: 'string' } },
    examples: { type: 'array', items: { type: 'integer' } },
  },
  required: ['steps', 'narrowing', 'examples'],
};

/** The item as the judge was asked about it: the finding's description, the bait text, the rubric. */
export function itemText({ item }: Disagreement): string {
  const { testCase, label } = item;
  if (label.kind === 'finding')
    return testCase.expectedFindings.find((f) => f.id === label.itemId)?.description ?? label.itemId;
  if (label.kind === 'absent') return testCase.expectedAbsent[Number(label.itemId.slice(7)) - 1] ?? label.itemId;
  return testCase.rubric ?? label.itemId;
}

export const outcomeWord = (kind: string, passed: boolean): string =>
  kind === 'finding'
    ? passed
      ? 'caught'
      : 'missed'
    : kind === 'absent'
      ? passed
        ? 'not flagged'
        : 'flagged'
      : passed
        ? 'met'
        : 'not met';

/**
 * The tuning call: the judge's current tuning (the pack's own, trusted), then the disagreements. The answer,
 * the judge's reasoning and the person's note are fenced as data: an answer under review must not be able to
 * write the judge's instructions.
 */
export function tunePrompt(
  subject: string,
  currentJudgeMd: string | undefined,
  disagreements: readonly Disagreement[],
): { system: string; prompt: string } {
  const blocks = disagreements.map((d) => ({
    answer: capForJudge(d.item.label.answer, 6000),
    reasoning: capForJudge(d.item.verdict.status === 'ok' ? d.item.verdict.reasoning : '', 2000),
    note: capForJudge(d.item.label.note ?? '', 2000),
  }));
  const id = fenceId(blocks.flatMap((b) => [b.answer, b.reasoning, b.note]));
  const system = [
    `# Role\nYou improve the instructions of an LLM judge that assesses a ${subject}, one item at a time.`,
    `# Instructions\nYou receive the judge's current added instructions and items where the judge and a person disagree. ${DATA_NOTICE}`,
    "# Steps\n1. Read each disagreement: the item, the judge's outcome and reasoning, the person's outcome and note.\n" +
      '2. Find what the judge misreads, in general terms that apply beyond these answers.\n' +
      '3. Propose at most three Steps lines (how to decide) and at most three Narrowing lines (what counts, what does not).\n' +
      "4. Pick at most three disagreements, by number, whose person's note makes a good worked example.",
    '# Expectation\nReturn one JSON object: {"steps": ["..."], "narrowing": ["..."], "examples": [1]}. Each line is one sentence.',
    '# Narrowing\nNever quote an answer. Never change the verdict format. Propose nothing the disagreements do not support.',
  ].join('\n\n');
  const items = disagreements.map((d, i) => {
    const b = blocks[i] as (typeof blocks)[number];
    const { label } = d.item;
    return [
      `## Disagreement ${i + 1}: case "${label.caseId}", ${label.kind} "${label.itemId}"`,
      `Item: ${itemText(d)}`,
      `Judge: ${outcomeWord(label.kind, d.judgePassed)}; person: ${outcomeWord(label.kind, d.personPassed)}.`,
      fenced('answer', b.answer, id),
      fenced('judge_reasoning', b.reasoning, id),
      fenced('person_note', b.note, id),
    ].join('\n');
  });
  const current = currentJudgeMd?.trim() ? currentJudgeMd.trim() : "(none: core's judge prompt as it is)";
  return { system, prompt: [fenceNotice(id), `# Current judge.md\n${current}`, ...items].join('\n\n') };
}

/** The tuning model's answer read, or why it could not be. */
export function parseTuneAnswer(text: string): TuneAnswer | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch (error) {
    return { error: `not JSON (${(error as Error).message})` };
  }
  const parsed = TuneAnswerSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `field "${issue?.path.join('.')}": ${issue?.message}` };
  }
  return parsed.data;
}
