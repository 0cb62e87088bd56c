import type { Gradable } from './case-record.ts';
import { caseFailures, type Failure, type Graded } from './failures.ts';
import type { Suggestion } from './grade-schema.ts';

export type { Suggestion } from './grade-schema.ts';

/** A failure as an edit to make. */
function advice(failure: Failure): string {
  switch (failure.source) {
    case 'agent':
      return `the agent failed (${failure.error}); fix the backend or raise the limit`;
    case 'conversation':
      return `the conversation was not graded (${failure.detail}); raise the case's user.maxTurns or fix the user simulator`;
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

/** Every failure of one case result as an edit, naming the part of the prompt it points at. */
export function suggestionsOf(result: Graded): Suggestion[] {
  return caseFailures(result).map((failure) => ({
    target: failure.target,
    caseId: result.case.id,
    text: advice(failure),
  }));
}

/** The edits for every case of a run, results or records (a record carries its own). */
export function suggestionsFor(run: { cases: readonly Gradable[] }): Suggestion[] {
  return run.cases.flatMap((gradable) => ('transcript' in gradable ? suggestionsOf(gradable) : gradable.suggestions));
}
