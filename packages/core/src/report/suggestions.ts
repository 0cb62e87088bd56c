import { describeItem } from '../runner/case-outcome.ts';
import type { RisenPart } from '../schema/check.ts';
import type { RunResult } from '../schema/result.ts';

export interface Suggestion {
  /** The RISEN part to edit, or 'judge' / 'agent' when the prompt is not the problem. */
  target: RisenPart | 'judge' | 'agent';
  caseId: string;
  text: string;
}

/**
 * Turns failures into edits: a missed finding means Steps lack it, a structural failure means the
 * Expectation (or Narrowing, for scope checks) is not followed, a false positive means Narrowing is loose.
 */
export function suggestionsFor(run: RunResult): Suggestion[] {
  const out: Suggestion[] = [];
  for (const result of run.cases) {
    const caseId = result.case.id;
    if (result.transcript.error) {
      out.push({
        target: 'agent',
        caseId,
        text: `the agent failed (${result.transcript.error}); fix the backend or raise the limit`,
      });
    }
    for (const check of result.checks) {
      if (check.passed) continue;
      // The detail leads: it names what happened ("issue_refund must never be called; it was called with …").
      out.push({ target: check.part, caseId, text: `${check.detail} — make the ${check.part} explicit about it` });
    }
    for (const verdict of result.verdicts) {
      const what = describeItem(result.case, verdict);
      if (verdict.status === 'error') {
        // Only an answer that does not parse says the judge model is too weak; any other error names its cause.
        const text = verdict.error.startsWith('unparseable')
          ? `judge error on "${verdict.itemId}"; try a larger --judge-model`
          : `judge error on "${verdict.itemId}": ${verdict.error}`;
        out.push({ target: 'judge', caseId, text });
      } else if (verdict.status === 'ok' && !verdict.passed) {
        if (verdict.kind === 'finding') {
          out.push({ target: 'steps', caseId, text: `missed "${verdict.itemId}": add a step that looks for: ${what}` });
        } else if (verdict.kind === 'absent') {
          out.push({ target: 'narrowing', caseId, text: `false positive "${what}": tell the agent not to flag this` });
        } else {
          out.push({ target: 'expectation', caseId, text: `rubric not met: ${verdict.reasoning}` });
        }
      }
    }
  }
  return out;
}
