import { readFileSync } from 'node:fs';
import codeReview from '@evalpacks/code-review';
import { loadPackCases } from '@evalpacks/core';
import type { OllamaStandIn } from '@evalpacks/testkit';

export const cases = await loadPackCases(codeReview);
/** The pack's sample review for a case: what the scripted agent answers. */
export const sample = (id: string) =>
  readFileSync(new URL(`../../../domains/code-review/test/samples/${id}.review.md`, import.meta.url), 'utf8');

/** Fixed token counts per call, so summaries are exact whichever backend serves the script. */
export const AGENT_TOKENS = { input: 1000, output: 400 };
export const JUDGE_TOKENS = { input: 100, output: 20 };

/** The judge's answers: the one finding the subtle-issues sample misses, bait not flagged, the rest caught. */
export const VERDICTS = {
  missed: { reasoning: 'The review never discusses redelivery.', caught: false },
  notFlagged: { reasoning: 'The review calls it fine.', flagged: false },
  caught: { reasoning: 'The review explains the problem and its fix.', caught: true },
};

/** A code-review agent that writes the pack's sample reviews, one per case, with fixed token counts. */
export function scriptAgent(standIn: OllamaStandIn): void {
  for (const testCase of cases) {
    standIn.script({
      match: { hasFormat: false, contains: testCase.input },
      reply: {
        content: sample(testCase.id),
        promptTokens: AGENT_TOKENS.input,
        outputTokens: AGENT_TOKENS.output,
      },
    });
  }
}

/** A judge that finds every expected finding caught except the one the subtle-issues sample misses. */
export function scriptJudge(standIn: OllamaStandIn, missed: string): void {
  const reply = (verdict: object) => ({
    content: JSON.stringify(verdict),
    promptTokens: JUDGE_TOKENS.input,
    outputTokens: JUDGE_TOKENS.output,
  });
  standIn.script({ match: { hasFormat: true, contains: `id="${missed}"` }, reply: reply(VERDICTS.missed) });
  standIn.script({ match: { hasFormat: true, contains: '<must_not_be_flagged>' }, reply: reply(VERDICTS.notFlagged) });
  standIn.script({ match: { hasFormat: true }, reply: reply(VERDICTS.caught) });
}

/** The finding the subtle-issues sample review misses on purpose. */
export const missedFinding =
  cases.find((c) => c.id === 'subtle-issues')?.expectedFindings.find((f) => /idempot/i.test(f.id))?.id ?? 'missing';
