import { describe, expect, it } from 'vitest';
import { judgeCase } from '../src/judge/judge-case.ts';
import { JUDGE_PROMPT_VERSIONS } from '../src/judge/judge-prompt.ts';
import { TURN_EXPECTATION } from '../src/judge/verdict-turn.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { Case } from '../src/schema/case.ts';
import type { Transcript } from '../src/schema/transcript.ts';
import { VerdictSchema } from '../src/schema/verdict.ts';
import { sampleCase, scriptedJudge, transcriptWith } from './support.ts';

const gate = <T>(call: () => Promise<T>) => call();
const pack = definePack({ name: 'desk', description: 'desk', root: '/tmp', judge: { subject: 'support reply' } });
// One finding, so each test asks exactly one question.
const oneFinding: Case = {
  ...sampleCase,
  expectedFindings: [
    { id: 'asked-order', description: 'Asks for the order number before refunding', severity: 'high', keywords: [] },
  ],
  expectedAbsent: [],
};
const conversation = [
  { role: 'user' as const, text: 'My parcel never arrived.' },
  { role: 'agent' as const, text: 'Which order is it?' },
  { role: 'user' as const, text: 'ORD-1001' },
  { role: 'agent' as const, text: 'Refunded ORD-1001.' },
];
const chat = { ...transcriptWith([], 'Refunded ORD-1001.'), conversation, conversationEnd: 'script-end' as const };

/** The one verdict of `oneFinding` on `transcript` when the judge answers `answer`. */
async function verdictFor(
  answer: string,
  transcript: Transcript = chat,
  style: 'structured' | 'yes-no' = 'structured',
) {
  const judge = scriptedJudge(() => answer);
  const [verdict] = await judgeCase(judge, pack, oneFinding, transcript, gate, style);
  return { verdict, call: judge.calls[0] };
}

describe('the turn a verdict on a conversation rests on', () => {
  it('records the agent turn the judge names, asked for in the schema and the prompt under a new version', async () => {
    const { verdict, call } = await verdictFor('{"reasoning":"Turn 2 asks for it.","caught":true,"turn":2}');
    expect(verdict).toEqual({
      kind: 'finding',
      itemId: 'asked-order',
      model: 'judge-model',
      usage: { input: 10, output: 5 },
      latencyMs: 1,
      promptVersion: 'risen-judge-v4',
      status: 'ok',
      reasoning: 'Turn 2 asks for it.',
      passed: true,
      turn: 2,
    });
    expect(VerdictSchema.parse(verdict)).toEqual(verdict);
    expect(call?.jsonSchema).toMatchObject({
      required: ['reasoning', 'caught', 'turn'],
      properties: { turn: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
    });
    expect(call?.system).toContain(
      `# Expectation\nReturn one JSON object: {"reasoning": "<two or three sentences>", "caught": true|false}. ${TURN_EXPECTATION}`,
    );
    expect(call?.promptVersion).toBe('risen-judge-v4');
    expect(JUDGE_PROMPT_VERSIONS).toEqual({ structured: 'risen-judge-v4', 'yes-no': 'yes-no-judge-v4' });
  });

  it('records no turn for a verdict on the whole conversation (null)', async () => {
    const { verdict } = await verdictFor('{"reasoning":"Polite throughout.","caught":true,"turn":null}');
    expect(verdict).toMatchObject({ status: 'ok', passed: true });
    expect(verdict).not.toHaveProperty('turn');
    expect(verdict).not.toHaveProperty('turnNote');
  });

  it('drops a turn past the end of the conversation and says so, never moving it to another turn', async () => {
    const { verdict } = await verdictFor('{"reasoning":"Turn 9.","caught":false,"turn":9}');
    expect(verdict).toMatchObject({
      status: 'ok',
      passed: false,
      turnNote: 'the judge named turn 9; the conversation has 4 turns: dropped',
    });
    expect(verdict).not.toHaveProperty('turn');
  });

  it('drops turn 0, a user turn and a turn that is not a whole number, each with its note', async () => {
    const notes = await Promise.all(
      ['0', '3', '2.5', '"2"'].map(async (turn) => {
        const { verdict } = await verdictFor(`{"reasoning":"r","caught":true,"turn":${turn}}`);
        return [(verdict as { turn?: number }).turn, (verdict as { turnNote?: string }).turnNote];
      }),
    );
    expect(notes).toEqual([
      [undefined, 'the judge named turn 0; the conversation has 4 turns: dropped'],
      [undefined, "the judge named turn 3, a user turn, not an agent's: dropped"],
      [undefined, 'the judge named turn 2.5, not a turn number: dropped'],
      [undefined, 'the judge named turn "2", not a turn number: dropped'],
    ]);
  });

  it('reads the turn from a yes-no judge JSON answer too', async () => {
    const { verdict, call } = await verdictFor('{"reasoning":"Asked first.","answer":"YES","turn":4}', chat, 'yes-no');
    expect(verdict).toMatchObject({ status: 'ok', passed: true, turn: 4, promptVersion: 'yes-no-judge-v4' });
    expect(call?.system).toContain(TURN_EXPECTATION);
    expect(call?.jsonSchema).toMatchObject({ required: ['reasoning', 'answer', 'turn'] });
  });

  it('asks a one-message case for no turn, and drops one its judge names anyway', async () => {
    const single = transcriptWith([], 'Refunded.');
    const { verdict, call } = await verdictFor('{"reasoning":"r","caught":true,"turn":1}', single);
    expect(call?.jsonSchema).toMatchObject({ required: ['reasoning', 'caught'] });
    expect(call?.system).not.toContain('"turn"');
    expect(verdict).toMatchObject({
      status: 'ok',
      turnNote: 'the judge named turn 1 on a case that is not a conversation: dropped',
    });
    expect(verdict).not.toHaveProperty('turn');
  });
});
