import type { CaseStatus } from '../schema/result.ts';
import { caseFailures, type Failure, type Graded } from './failures.ts';

/** A failure as one line of a case's reasons. */
function reason(failure: Failure): string {
  switch (failure.source) {
    case 'agent':
      return `agent error: ${failure.error}`;
    case 'conversation':
      return `conversation not graded: ${failure.detail}`;
    case 'check':
      return `${failure.target}: check "${failure.check.name}" failed: ${failure.check.detail}`;
    case 'judge error':
      return `judge error on ${failure.verdict.kind} "${failure.verdict.itemId}": ${failure.verdict.error}`;
    case 'finding':
      return `${failure.target}: missed finding "${failure.verdict.itemId}": ${failure.what}`;
    case 'absent':
      return `${failure.target}: false positive: flagged "${failure.what}"`;
    case 'rubric':
      return `rubric not met: ${failure.verdict.reasoning}`;
  }
}

/**
 * A case passes when the agent answered, every check passed and every judged item passed. Judge
 * and agent failures make it an error: neither a pass nor a finding missed; so does a conversation left
 * ungraded (turn limit, user simulator error), which is not the agent's failure either.
 */
export function caseOutcome(graded: Graded): { status: CaseStatus; reasons: string[] } {
  const failures = caseFailures(graded);
  const error = failures.some((failure) => ['agent', 'judge error', 'conversation'].includes(failure.source));
  const status: CaseStatus = error ? 'error' : failures.length > 0 ? 'failed' : 'passed';
  return { status, reasons: failures.map(reason) };
}
