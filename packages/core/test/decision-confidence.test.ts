import { describe, expect, it } from 'vitest';
import { decisionConfidence } from '../src/judge/decision-confidence.ts';
import { judgeItem } from '../src/judge/judge-item.ts';
import type { AnswerToken } from '../src/ports/backend-ports.ts';
import { scriptedJudge } from './support.ts';

/** Tokens spelling `pieces` in order, the one equal to `decision` at probability p, the rest near certain. */
const tokens = (pieces: string[], decision: string, p: number): AnswerToken[] =>
  pieces.map((token) => ({ token, logprob: Math.log(token.trim() === decision ? p : 0.9999) }));

const ANSWER = '{"reasoning":"It says \\"caught\\": true of the leak.","caught":false}';
const TAIL = ['"', ',"', 'caught', '":', 'false', '}'];

describe('the probability of the decision token', () => {
  it('reads the token carrying the last decision value, laid against the end of the answer', () => {
    // The reasoning quotes a decision; the verdict's own comes last.
    expect(decisionConfidence(ANSWER, tokens(TAIL, 'false', 0.62))).toBeCloseTo(0.62, 12);
    expect(decisionConfidence(`${ANSWER}\n`, tokens(TAIL, 'false', 0.62))).toBeCloseTo(0.62, 12);
    const yesNo = '{"reasoning":"Named.","answer":"YES"}';
    expect(decisionConfidence(yesNo, tokens(['":"', 'YES', '"}'], 'YES', 0.7))).toBeCloseTo(0.7, 12);
  });

  it('is absent without tokens, when they do not spell the answer, or when they stop before the decision', () => {
    expect(decisionConfidence(ANSWER, undefined)).toBeUndefined();
    expect(decisionConfidence(ANSWER, [])).toBeUndefined();
    expect(decisionConfidence(ANSWER, tokens(['"caught":', 'true', '}'], 'true', 0.5))).toBeUndefined();
    expect(decisionConfidence(ANSWER, tokens(['}'], '}', 0.5))).toBeUndefined();
    expect(decisionConfidence('not json', tokens(['not', ' json'], 'not', 0.5))).toBeUndefined();
  });

  it('becomes the verdict confidence when the judge port returns tokens, and stays absent when it does not', async () => {
    const withTokens = scriptedJudge(() => ANSWER);
    const call = withTokens.call.bind(withTokens);
    withTokens.call = async (request) => ({ ...(await call(request)), tokens: tokens(TAIL, 'false', 0.62) });
    const request = { kind: 'finding' as const, itemId: 'leak', system: 's', prompt: 'p' };
    const gate = <T>(run: () => Promise<T>) => run();
    const verdict = await judgeItem(withTokens, request, gate);
    expect(verdict).toMatchObject({ status: 'ok', passed: false });
    expect(verdict.status === 'ok' && verdict.confidence).toBeCloseTo(0.62, 12);
    const without = await judgeItem(
      scriptedJudge(() => ANSWER),
      request,
      gate,
    );
    expect(without).toMatchObject({ status: 'ok', passed: false });
    expect(without).not.toHaveProperty('confidence');
  });
});
