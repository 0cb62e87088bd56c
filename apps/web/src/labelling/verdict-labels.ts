import type { CaseResult, Label, Verdict } from '@evalpacks/core';
import { inputHash, labelKey } from '@evalpacks/core/calibration';
import type { LabelBook } from '@evalpacks/store';

/** A label's state as the page shows it: agreed, which side was wrong, or none yet. */
export type LabelState = 'agree' | 'judge' | 'agent' | 'case' | 'none';

export const stateOf = (label: Label | undefined): LabelState => (label ? (label.wrong ?? 'agree') : 'none');

/** The key a label on this verdict has: what was judged (input, answer, tool calls, a conversation's turns, item). */
export function verdictKey(result: CaseResult, verdict: Verdict): string {
  return labelKey({
    inputSha256: inputHash(result.case.input),
    answer: result.transcript.answer,
    toolCalls: result.transcript.toolCalls,
    ...(result.transcript.conversation && { conversation: result.transcript.conversation }),
    caseId: result.case.id,
    kind: verdict.kind,
    itemId: verdict.itemId,
  });
}

/** A pack's labels by key, read once per page. */
export function labelsByKey(book: LabelBook, pack: string): Map<string, Label> {
  return new Map(book.labels(pack).map((label) => [labelKey(label), label]));
}
