/**
 * What the in-process benches (runner overhead, model switches) share: a stand-in that answers every
 * case with the same short review and every judge call with "caught", and N copies of a code-review case.
 */
import codeReview from '@evalpacks/code-review';
import { type Case, loadPackCases } from '@evalpacks/core';
import type { OllamaStandIn } from '@evalpacks/testkit';

export function scriptShortReviewer(standIn: OllamaStandIn): void {
  standIn.script({ match: { hasFormat: true }, reply: { content: '{"reasoning":"Explained.","caught":true}' } });
  standIn.script({
    reply: {
      content: '| Finding | Severity |\n|---|---|\n| x | high |\n\n**Total: 0 critical, 1 high, 0 medium, 0 low**',
    },
  });
}

/** `n` copies of the pack's first case; with `judged`, each keeps one finding (one judge call), else none. */
export async function benchCases(n: number, judged: boolean): Promise<Case[]> {
  const [template] = await loadPackCases(codeReview);
  if (!template) throw new Error('code-review has no cases');
  return Array.from({ length: n }, (_, i) => ({
    ...template,
    id: `case-${i}`,
    expectedFindings: judged ? template.expectedFindings.slice(0, 1) : [],
    expectedAbsent: [],
  }));
}
