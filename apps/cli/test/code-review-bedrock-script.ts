import { PREFLIGHT_PROMPT, VERDICT_TOOL } from '@evalpacks/models/bedrock';
import type { BedrockRule, BedrockStandIn } from '@evalpacks/testkit';
import { AGENT_TOKENS, cases, sample } from './code-review-script.ts';
import { JUDGE_TOKENS, VERDICTS } from './judge-script.ts';

/** The same script as for Ollama, spoken as Converse: same reviews, same verdicts, same token counts. */

/** The start-up check's 1-token call. */
export function scriptPreflight(standIn: BedrockStandIn): void {
  standIn.script({ match: { contains: PREFLIGHT_PROMPT }, reply: { text: 'OK', inputTokens: 12, outputTokens: 1 } });
}

/** Throttles the first `times` agent calls and judge calls, each answered with a short Retry-After. */
export function scriptThrottling(standIn: BedrockStandIn, times: number): void {
  const throttle: BedrockRule['reply'] = { fault: 'throttling', retryAfterSeconds: 0.05 };
  standIn.script({ match: { forcedTool: VERDICT_TOOL }, reply: throttle, times });
  // Added after scriptPreflight, so the start-up call has already matched its own rule.
  standIn.script({ match: { hasTools: false }, reply: throttle, times });
}

export function scriptBedrockAgent(standIn: BedrockStandIn): void {
  for (const testCase of cases) {
    standIn.script({
      match: { hasTools: false, contains: testCase.input },
      reply: { text: sample(testCase.id), inputTokens: AGENT_TOKENS.input, outputTokens: AGENT_TOKENS.output },
    });
  }
}

export function scriptBedrockJudge(standIn: BedrockStandIn, missed: string): void {
  const reply = (verdict: object) => ({
    toolUses: [{ name: VERDICT_TOOL, input: verdict as Record<string, unknown> }],
    inputTokens: JUDGE_TOKENS.input,
    outputTokens: JUDGE_TOKENS.output,
  });
  standIn.script({ match: { forcedTool: VERDICT_TOOL, contains: `id="${missed}"` }, reply: reply(VERDICTS.missed) });
  standIn.script({
    match: { forcedTool: VERDICT_TOOL, contains: '<must_not_be_flagged>' },
    reply: reply(VERDICTS.notFlagged),
  });
  standIn.script({ match: { forcedTool: VERDICT_TOOL }, reply: reply(VERDICTS.caught) });
}
