import type { OllamaStandIn, ReplyFn } from '@evalpacks/testkit';
import { cases, sample, scriptAgent } from './code-review-script.ts';

/** Text only the v2 prompt of the code-review pack holds: its step on SQS redelivery. */
export const V2_ONLY = 'check idempotency';

/** A sentence only a review that caught the redelivery problem contains (not in any case or finding). */
export const IDEMPOTENCY_CATCH = 'Redelivery is not idempotent here';

const SUBTLE_ANCHOR = 'retry any `UnprocessedItems` it returns.';

/** The subtle-issues sample review with one more sentence that does explain the redelivery problem. */
export const subtleReviewCatching = sample('subtle-issues').replace(
  SUBTLE_ANCHOR,
  `${SUBTLE_ANCHOR} ${IDEMPOTENCY_CATCH}: SQS may deliver a message again, and every delivery writes new orders under a fresh randomUUID(), so use the message id as the key with attribute_not_exists.`,
);

export const subtleCase = cases.find((c) => c.id === 'subtle-issues');
if (!subtleReviewCatching.includes(IDEMPOTENCY_CATCH) || !subtleCase) {
  throw new Error('the subtle-issues sample changed: update compare-script.ts');
}

const TOKENS = { promptTokens: 1000, outputTokens: 400 };
const JUDGE_TOKENS = { promptTokens: 100, outputTokens: 20 };

/** The subtle-issues reviewer: `catches(n)` decides, per call, whether its review explains the redelivery. */
export function scriptSubtleReviewer(standIn: OllamaStandIn, catches: (n: number) => boolean, system?: string): void {
  const reply: ReplyFn = (_req, n) => ({
    content: catches(n) ? subtleReviewCatching : sample('subtle-issues'),
    ...TOKENS,
  });
  standIn.script({ match: { hasFormat: false, contains: subtleCase?.input, ...(system && { system }) }, reply });
}

/** A judge that reads the review: redelivery caught only when the review explains it, the rest caught. */
export function scriptReadingJudge(standIn: OllamaStandIn): void {
  standIn.script({
    match: { hasFormat: true, contains: ['id="missing-idempotency"', IDEMPOTENCY_CATCH] },
    reply: { content: '{"reasoning":"It explains duplicate orders on redelivery.","caught":true}', ...JUDGE_TOKENS },
  });
  standIn.script({
    match: { hasFormat: true, contains: 'id="missing-idempotency"' },
    reply: { content: '{"reasoning":"The review never discusses redelivery.","caught":false}', ...JUDGE_TOKENS },
  });
  standIn.script({
    match: { hasFormat: true, contains: '<must_not_be_flagged>' },
    reply: { content: '{"reasoning":"The review calls it fine.","flagged":false}', ...JUDGE_TOKENS },
  });
  standIn.script({
    match: { hasFormat: true },
    reply: { content: '{"reasoning":"The review explains the problem and its fix.","caught":true}', ...JUDGE_TOKENS },
  });
}

/** The whole code-review pack for a baseline/v2 comparison: only v2's subtle-issues reviewer may catch redelivery. */
export function scriptV2Comparison(standIn: OllamaStandIn, catches: (n: number) => boolean = () => true): void {
  scriptSubtleReviewer(standIn, catches, V2_ONLY);
  scriptAgent(standIn);
  scriptReadingJudge(standIn);
}
