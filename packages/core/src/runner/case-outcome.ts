import type { Case } from '../schema/case.ts';
import type { CheckResult } from '../schema/check.ts';
import type { CaseStatus } from '../schema/result.ts';
import type { Transcript } from '../schema/transcript.ts';
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

/**
 * A case passes when the agent answered, every check passed and every judged item passed. Judge
 * and agent failures make it an error: neither a pass nor a finding missed.
 */
export function caseOutcome(
  testCase: Case,
  transcript: Transcript,
  checks: CheckResult[],
  verdicts: Verdict[],
): { status: CaseStatus; reasons: string[] } {
  const reasons: string[] = [];
  let error = false;
  if (transcript.error) {
    error = true;
    reasons.push(`agent error: ${transcript.error}`);
  }
  for (const check of checks) {
    if (!check.passed) reasons.push(`${check.part}: check "${check.name}" failed: ${check.detail}`);
  }
  for (const verdict of verdicts) {
    const what = describeItem(testCase, verdict);
    if (verdict.status === 'error') {
      error = true;
      reasons.push(`judge error on ${verdict.kind} "${verdict.itemId}": ${verdict.error}`);
    } else if (verdict.status === 'ok' && !verdict.passed) {
      if (verdict.kind === 'finding') reasons.push(`steps: missed finding "${verdict.itemId}": ${what}`);
      else if (verdict.kind === 'absent') reasons.push(`narrowing: false positive: flagged "${what}"`);
      else reasons.push(`rubric not met: ${verdict.reasoning}`);
    }
  }
  const status: CaseStatus = error ? 'error' : reasons.length > 0 ? 'failed' : 'passed';
  return { status, reasons };
}
