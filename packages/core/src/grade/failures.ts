import type { Case } from '../schema/case.ts';
import type { CheckResult, RisenPart } from '../schema/check.ts';
import type { Transcript } from '../schema/transcript.ts';
import type { JudgedItemKind, Verdict } from '../schema/verdict.ts';
import { describeItem } from './describe-item.ts';

/**
 * The RISEN part a failed judged item points at: a missed finding means the Steps lack it, a false
 * positive means the Narrowing is loose, an unmet rubric means the Expectation is not followed.
 * (A failed check names its own part.)
 */
export const JUDGED_ITEM_PART: Record<JudgedItemKind, RisenPart> = {
  finding: 'steps',
  absent: 'narrowing',
  rubric: 'expectation',
};

type Judged<S extends Verdict['status']> = Extract<Verdict, { status: S }>;

/**
 * One reason a case did not pass, with what to fix: a RISEN part, the judge (it failed to answer) or the
 * agent (it failed to answer). Case reasons and suggestions are both worded from these, so the mapping
 * from a failure to the part to edit lives here only.
 */
export type Failure =
  | { source: 'agent'; target: 'agent'; error: string }
  | { source: 'conversation'; target: 'user'; detail: string }
  | { source: 'check'; target: RisenPart; check: CheckResult }
  | { source: 'judge error'; target: 'judge'; verdict: Judged<'error'> }
  | { source: JudgedItemKind; target: RisenPart; verdict: Judged<'ok'>; what: string };

/** What a case is graded on; a stored CaseResult is one. */
export interface Graded {
  case: Case;
  transcript: Transcript;
  checks: readonly CheckResult[];
  verdicts: readonly Verdict[];
}

/**
 * Why a conversation was not graded, when it was not: it hit its turn limit without ###STOP###, or the
 * simulated user broke the protocol. Neither is the agent's failure; the case is an error, out of the pass
 * rate like an infrastructure failure, and its checks and judge are not run.
 */
export function ungradedConversation(transcript: Transcript): string | undefined {
  if (transcript.conversationEnd === 'turn-limit') {
    const replies = transcript.conversation?.filter((turn) => turn.role === 'agent').length ?? 0;
    // "turn limit" first: the words a reader scans the reasons for, then the figures.
    return `turn limit, ${replies} agent replies without ###STOP### from the user`;
  }
  if (transcript.conversationEnd === 'user-error') return `user simulator error: ${transcript.userError ?? 'unknown'}`;
  return undefined;
}

/** Every failure of a case, in report order: the agent's, then failed checks, then judged items. */
export function caseFailures(graded: Graded): Failure[] {
  const failures: Failure[] = [];
  const ungraded = ungradedConversation(graded.transcript);
  if (ungraded !== undefined) failures.push({ source: 'conversation', target: 'user', detail: ungraded });
  if (graded.transcript.error) failures.push({ source: 'agent', target: 'agent', error: graded.transcript.error });
  for (const check of graded.checks) {
    if (!check.passed) failures.push({ source: 'check', target: check.part, check });
  }
  for (const verdict of graded.verdicts) {
    if (verdict.status === 'error') failures.push({ source: 'judge error', target: 'judge', verdict });
    else if (verdict.status === 'ok' && !verdict.passed) {
      const what = describeItem(graded.case, verdict);
      failures.push({ source: verdict.kind, target: JUDGED_ITEM_PART[verdict.kind], verdict, what });
    }
  }
  return failures;
}
