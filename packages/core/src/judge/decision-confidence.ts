/**
 * How sure the judge was of its verdict: the probability of the token that carried its decision (the
 * `true`/`false` of `caught`, `flagged` or `pass`, or the `YES`/`NO` of a yes-no judge), read from the
 * log-probabilities the backend returned. Never estimated: without tokens, or when they do not line up with
 * the answer, there is none.
 */
import type { AnswerToken } from '../ports/backend-ports.ts';

/** Below this probability of its decision token a verdict is marked low-confidence. */
export const LOW_CONFIDENCE = 0.8;

/** The decision value in a verdict's JSON: the last one, since the reasoning comes first and may quote keys. */
const DECISION = /"(?:caught|flagged|pass|answer)"\s*:\s*"?(true|false|YES|NO)\b/g;

/** Where the decision's value starts in `text`, or -1. */
function decisionOffset(text: string): number {
  let at = -1;
  for (const match of text.matchAll(DECISION)) at = (match.index ?? 0) + match[0].length - (match[1]?.length ?? 0);
  return at;
}

/**
 * The probability (0..1) of the decision token, or undefined. The tokens are the answer's last ones: they
 * are laid against the end of the text, and must spell it exactly there.
 */
export function decisionConfidence(text: string, tokens: readonly AnswerToken[] | undefined): number | undefined {
  if (!tokens || tokens.length === 0) return undefined;
  const at = decisionOffset(text);
  if (at < 0) return undefined;
  const tail = tokens.map((t) => t.token).join('');
  // A server may end on whitespace the client trims, or the other way round.
  const body = text.trimEnd();
  const spelled = tail.trimEnd();
  if (!body.endsWith(spelled)) return undefined;
  let offset = body.length - spelled.length;
  for (const token of tokens) {
    const end = offset + token.token.length;
    if (at >= offset && at < end) {
      const probability = Math.exp(token.logprob);
      return Number.isFinite(probability) ? Math.min(1, Math.max(0, probability)) : undefined;
    }
    offset = end;
  }
  return undefined;
}
