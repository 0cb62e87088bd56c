import type { Case } from '../schema/case.ts';
import type { Verdict } from '../schema/verdict.ts';

/** The first sentence of a description, at most `max` characters: enough to recognise it in a report line. */
export function brief(text: string, max = 100): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  const sentence = /^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
}

/** Describes a judged item for people: the finding's description or the expectedAbsent text, briefly. */
export function describeItem(testCase: Case, verdict: Pick<Verdict, 'kind' | 'itemId'>): string {
  if (verdict.kind === 'finding') {
    return brief(testCase.expectedFindings.find((f) => f.id === verdict.itemId)?.description ?? verdict.itemId);
  }
  if (verdict.kind === 'absent') {
    const index = Number(verdict.itemId.replace('absent-', '')) - 1;
    return brief(testCase.expectedAbsent[index] ?? verdict.itemId);
  }
  return 'rubric';
}
