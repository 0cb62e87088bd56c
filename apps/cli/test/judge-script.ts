import type { OllamaStandIn } from '@evalpacks/testkit';

/**
 * A judge that finds every expected finding caught except `missed`, and flags no expectedAbsent item, with
 * fixed token counts; `why` is its reasoning for the miss.
 */
export function scriptJudge(
  standIn: OllamaStandIn,
  missed: string,
  why = 'The review never discusses redelivery.',
): void {
  standIn.script({
    match: { hasFormat: true, contains: `id="${missed}"` },
    reply: { content: JSON.stringify({ reasoning: why, caught: false }), promptTokens: 100, outputTokens: 20 },
  });
  standIn.script({
    match: { hasFormat: true, contains: '<must_not_be_flagged>' },
    reply: {
      content: '{"reasoning":"The review calls it fine.","flagged":false}',
      promptTokens: 100,
      outputTokens: 20,
    },
  });
  standIn.script({
    match: { hasFormat: true },
    reply: {
      content: '{"reasoning":"The review explains the problem and its fix.","caught":true}',
      promptTokens: 100,
      outputTokens: 20,
    },
  });
}
