import { readFileSync } from 'node:fs';
import { brief, loadPackCases } from '@evalpacks/core';
import type { OllamaStandIn } from '@evalpacks/testkit';
import { judgedEvalArgs } from './ollama-stand-in.ts';
import codeReview from './packs/code-review/src/index.ts';

export { scriptJudge } from './judge-script.ts';

export const cases = await loadPackCases(codeReview);
/** The pack's sample review for a case: what the scripted agent answers. */
export const sample = (id: string) =>
  readFileSync(new URL(`./packs/code-review/samples/${id}.review.md`, import.meta.url), 'utf8');

/** Fixed token counts per call, so summaries are exact whichever backend serves the script. */
export const AGENT_TOKENS = { input: 1000, output: 400 };

/** A code-review agent that writes the pack's sample reviews, one per case, with fixed token counts. */
export function scriptAgent(standIn: Pick<OllamaStandIn, 'script'>): void {
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

/** `eval --domain code-review` against a stand-in, judged by its `judge:1b`, plus any other flags. */
export function codeReviewArgs(standInUrl: string, ...extra: string[]): string[] {
  return judgedEvalArgs('code-review', standInUrl, ...extra);
}

/** The finding the subtle-issues sample review misses on purpose. */
export const missedFinding =
  cases.find((c) => c.id === 'subtle-issues')?.expectedFindings.find((f) => /idempot/i.test(f.id))?.id ?? 'missing';

/** The summary lines of the scripted code-review run (3 agent calls, 12 judge calls), before cost. */
export const SCRIPTED_RESULTS = [
  'Summary',
  '  cases           2/3 passed (66.7%, 95% CI 20.8–93.9%)',
  '  structural      18/18 checks passed (95% CI 82.4–100.0%)',
  '  findings        8/9 caught (95% CI 56.5–98.0%)',
  '  false positives 0',
  '  judge errors    0',
  '  tokens          agent 3000 in / 1200 out, judge 1200 in / 240 out',
];

const missedText = brief(
  cases.find((c) => c.id === 'subtle-issues')?.expectedFindings.find((f) => f.id === missedFinding)?.description ?? '',
);
/** The Suggestions block the scripted run ends with: the one missed finding, pointed at Steps. */
export const SCRIPTED_SUGGESTIONS = [
  '',
  'Suggestions',
  `  Steps       subtle-issues: missed "${missedFinding}": add a step that looks for: ${missedText}`,
];
