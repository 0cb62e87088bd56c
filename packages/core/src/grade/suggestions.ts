import type { RisenPart } from '../schema/check.ts';
import type { RunResult } from '../schema/result.ts';
import { caseFailures, type Failure } from './failures.ts';

export interface Suggestion {
  /** The RISEN part to edit, or 'judge' / 'agent' when the prompt is not the problem. */
  target: RisenPart | 'judge' | 'agent';
  caseId: string;
  text: string;
}

/** A failure as an edit to make. */
function advice(failure: Failure): string {
  switch (failure.source) {
    case 'agent':
      return `the agent failed (${failure.error}); fix the backend or raise the limit`;
    case 'check':
      // The detail leads: it names what happened ("issue_refund must never be called; it was called with …").
      return `${failure.check.detail} — make the ${failure.target} explicit about it`;
    case 'judge error':
      // Only an answer that does not parse says the judge model is too weak; any other error names its cause.
      return failure.verdict.error.startsWith('unparseable')
        ? `judge error on "${failure.verdict.itemId}"; try a larger --judge-model`
        : `judge error on "${failure.verdict.itemId}": ${failure.verdict.error}`;
    case 'finding':
      return `missed "${failure.verdict.itemId}": add a step that looks for: ${failure.what}`;
    case 'absent':
      return `false positive "${failure.what}": tell the agent not to flag this`;
    case 'rubric':
      return `rubric not met: ${failure.verdict.reasoning}`;
  }
}

/** Turns every failure of every case result into an edit, naming the part of the prompt it points at. */
export function suggestionsFor(run: Pick<RunResult, 'cases'>): Suggestion[] {
  return run.cases.flatMap((result) =>
    caseFailures(result).map((failure) => ({ target: failure.target, caseId: result.case.id, text: advice(failure) })),
  );
}
