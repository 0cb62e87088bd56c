import type { OllamaStandIn } from '@evalpacks/testkit';

/** Fixed token counts per judge call, so summaries are exact whichever backend serves the script. */
export const JUDGE_TOKENS = { input: 100, output: 20 };

/** The judge's answers: the finding the subtle-issues sample misses, bait not flagged, the rest caught. */
export const VERDICTS = {
  missed: { reasoning: 'The review never discusses redelivery.', caught: false },
  notFlagged: { reasoning: 'The review calls it fine.', flagged: false },
  caught: { reasoning: 'The review explains the problem and its fix.', caught: true },
};

/**
 * A judge that finds every expected finding caught except `missed`, and flags no expectedAbsent item, with
 * fixed token counts; `why` is its reasoning for the miss.
 */
export function scriptJudge(
  standIn: Pick<OllamaStandIn, 'script'>,
  missed: string,
  why = VERDICTS.missed.reasoning,
): void {
  const reply = (verdict: object) => ({
    content: JSON.stringify(verdict),
    promptTokens: JUDGE_TOKENS.input,
    outputTokens: JUDGE_TOKENS.output,
  });
  standIn.script({
    match: { hasFormat: true, contains: `id="${missed}"` },
    reply: reply({ reasoning: why, caught: false }),
  });
  standIn.script({ match: { hasFormat: true, contains: '<must_not_be_flagged>' }, reply: reply(VERDICTS.notFlagged) });
  standIn.script({ match: { hasFormat: true }, reply: reply(VERDICTS.caught) });
}
