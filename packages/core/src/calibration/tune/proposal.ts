import type { JudgeAdditions } from '../../judge/judge-md-additions.ts';
import { isPersonLabel } from '../../schema/label.ts';
import type { Disagreement } from '../agreement.ts';
import { outcomeWord, type TuneAnswer } from './tune-prompt.ts';

/** Where a proposal's lines come from. */
export type ProposalSource = 'model' | 'notes';

/**
 * The disagreements that can teach the judge: where people blamed the judge's verdict (not the agent or case),
 * and every one on a starter label (a person's outcome with its note, written without a verdict to blame).
 */
export const judgeWrong = (disagreements: readonly Disagreement[]): Disagreement[] =>
  disagreements.filter((d) => isPersonLabel(d.item.label) || d.item.label.wrong === 'judge');

const noteOf = (d: Disagreement) => d.item.label.note?.replace(/\s+/g, ' ').trim() ?? '';

/**
 * A worked example from one disagreement: the item, the outcome people gave and their note. Never the answer
 * itself: it is untrusted text and must not reach the judge's instructions. Only disagreements with a note.
 */
export function workedExample(d: Disagreement): string | undefined {
  const note = noteOf(d);
  if (note === '') return undefined;
  const { caseId, kind, itemId } = d.item.label;
  return `Worked example (case "${caseId}", ${kind} "${itemId}"): people counted it ${outcomeWord(kind, d.personPassed)}: ${note}`;
}

/**
 * The tuning model's proposal as additions. Its worked examples are picked by number from `shown`, the
 * training folds' disagreements it was given, so an example can never come from a held-out label.
 */
export function modelProposal(answer: TuneAnswer, shown: readonly Disagreement[]): JudgeAdditions {
  const examples = [...new Set(answer.examples)]
    .map((n) => shown[n - 1])
    .flatMap((d) => (d ? [workedExample(d)] : []))
    .filter((line): line is string => line !== undefined);
  return { steps: answer.steps, narrowing: [...answer.narrowing, ...examples] };
}

/**
 * A person's notes as Narrowing lines: one per item of the training folds where they said the judge was
 * wrong and wrote why (the same note on the same item once). No model is asked.
 */
export function notesProposal(training: readonly Disagreement[]): JudgeAdditions {
  const lines = new Set<string>();
  for (const d of judgeWrong(training)) {
    const note = noteOf(d);
    if (note === '') continue;
    const { kind, itemId } = d.item.label;
    lines.add(`On the ${kind === 'absent' ? 'bait item' : kind} "${itemId}": ${note}`);
  }
  return { steps: [], narrowing: [...lines] };
}

export const isEmpty = (additions: JudgeAdditions) => additions.steps.length + additions.narrowing.length === 0;
