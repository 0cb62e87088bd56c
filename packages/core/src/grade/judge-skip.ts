import type { CheckResult } from '../schema/check.ts';
import type { Transcript } from '../schema/transcript.ts';
import { ungradedConversation } from './failures.ts';

/** Whether a case's items go to the judge: all of them, none (no verdicts at all), or none with a reason. */
export type JudgeDecision = { judge: 'all' } | { judge: 'none' } | { judge: 'skip'; reason: string };

/**
 * The skip-the-judge rule. An agent error leaves nothing to judge. An agent stopped at the turn limit
 * gave no answer, and a case whose structural checks failed fails anyway, so judging would only cost
 * money: both record every item as not judged, with the reason, unless `judgeAlways` asks to judge a
 * case whose checks failed (compare does: a pair needs both sides graded).
 */
export function judgeDecision(
  transcript: Transcript,
  checks: readonly CheckResult[],
  judgeAlways = false,
): JudgeDecision {
  // A conversation left ungraded (turn limit, user simulator error) is not judged: it is reported as such.
  if (transcript.error || ungradedConversation(transcript) !== undefined) return { judge: 'none' };
  if (transcript.turnLimitReached) {
    return { judge: 'skip', reason: 'the agent stopped at the turn limit without an answer' };
  }
  if (!judgeAlways && checks.some((check) => !check.passed)) {
    return { judge: 'skip', reason: 'structural checks failed (use --judge-always to judge anyway)' };
  }
  return { judge: 'all' };
}
