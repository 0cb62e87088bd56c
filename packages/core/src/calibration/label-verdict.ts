import { type Label, LabelSchema, type WrongSide } from '../schema/label.ts';
import type { CaseResult } from '../schema/result.ts';
import type { Verdict } from '../schema/verdict.ts';
import { inputHash } from './label-key.ts';

/** A person's word on a verdict: agree, or disagree with the side that was wrong. */
export interface PersonsWord {
  label: 'agree' | 'disagree';
  wrong?: WrongSide;
  note?: string;
  labelledAt?: string;
}

/**
 * The label a person gives on one stored verdict, carrying the verdict and the answer it was given on.
 * Undefined when the word does not make a label (a disagreement without a side, a side with an agreement).
 */
export function labelVerdict(
  result: CaseResult,
  verdict: Extract<Verdict, { status: 'ok' }>,
  word: PersonsWord,
): Label | undefined {
  const note = word.note?.trim();
  return LabelSchema.safeParse({
    caseId: result.case.id,
    kind: verdict.kind,
    itemId: verdict.itemId,
    label: word.label,
    ...(word.wrong && { wrong: word.wrong }),
    ...(note && { note }),
    verdict: {
      passed: verdict.passed,
      reasoning: verdict.reasoning,
      model: verdict.model,
      ...(verdict.promptVersion && { promptVersion: verdict.promptVersion }),
    },
    inputSha256: inputHash(result.case.input),
    answer: result.transcript.answer,
    toolCalls: result.transcript.toolCalls,
    ...(result.transcript.conversation && { conversation: result.transcript.conversation }),
    ...(word.labelledAt && { labelledAt: word.labelledAt }),
  }).data;
}
