import { describe, expect, it } from 'vitest';
import { consoleReporter } from '../src/report/console.ts';
import type { CaseResult } from '../src/schema/result.ts';
import { sampleCase, transcriptWith } from './support.ts';

const CLEAR = '\u001b[2J\u001b[H';

/** A simulated-user conversation: the agent asks for the order number, looks it up, refunds. */
function conversationResult(): CaseResult {
  const call = { name: 'refund_order', arguments: { order: 'ORD-1001' }, result: { refunded: 24.99 } };
  const failed = { name: 'lookup_order', arguments: { order: 'ORD-9' }, error: 'no such order' };
  return {
    case: { ...sampleCase, id: 'refund', name: 'Refund', expectedFindings: [], expectedAbsent: [] },
    epoch: 0,
    status: 'passed',
    transcript: {
      ...transcriptWith([failed, call], 'Refunded.'),
      conversation: [
        { role: 'user', text: `I want a refund.${CLEAR}` },
        { role: 'agent', text: 'Which order?\nI can look it up.\nOr refund it.\nOr exchange it.\nOr escalate.' },
        { role: 'user', text: "It's ORD-1001." },
        { role: 'agent', text: 'Refunded.', toolCalls: [failed, call] },
      ],
      conversationEnd: 'user-stop',
    },
    checks: [],
    verdicts: [],
    reasons: [],
    judgeUsage: { input: 0, output: 0 },
  };
}

describe('a conversation on the console', () => {
  it('prints it turn by turn, long turns collapsed, tool calls and results, the end, text made visible', () => {
    const lines: string[] = [];
    consoleReporter({ write: (text) => lines.push(text), color: false }).caseResult(conversationResult());
    expect(lines.join('').split('\n')).toEqual([
      '━━ refund Refund  PASS',
      '  user 1   I want a refund.␛[2J␛[H',
      '  agent 2  Which order?',
      '           I can look it up.',
      '           Or refund it.',
      '           … 2 more lines',
      "  user 3   It's ORD-1001.",
      '  agent 4  Refunded.',
      '           tool lookup_order({"order":"ORD-9"}) ✗ no such order',
      '           tool refund_order({"order":"ORD-1001"}) → {"refunded":24.99}',
      '  ended    the simulated user ended it (###STOP###)',
      '  tool error lookup_order: no such order',
      '',
      '',
    ]);
  });

  it('says a turn limit and a user-simulator error for what they are', () => {
    const result = conversationResult();
    result.transcript.conversationEnd = 'user-error';
    result.transcript.userError = 'empty reply';
    const lines: string[] = [];
    consoleReporter({ write: (text) => lines.push(text), color: false }).caseResult(result);
    const text = lines.join('');
    expect(text).toContain(
      '\n  ended    the simulated user broke the protocol (a user-simulator error, not the agent’s)\n  user-simulator error: empty reply\n',
    );
    expect(text).not.toContain('  answer ');
  });

  it('prints each verdict beside the turn it rests on, and those on the whole conversation after it', () => {
    const result = conversationResult();
    const verdict = { model: 'j', usage: { input: 1, output: 1 }, latencyMs: 1, status: 'ok' as const };
    result.case.expectedFindings = [
      { id: 'asked-order', description: 'Asks for the order number', severity: 'high', keywords: [] },
    ];
    result.case.rubric = 'Polite throughout.';
    result.verdicts = [
      { ...verdict, kind: 'finding', itemId: 'asked-order', reasoning: 'Asks at turn 2.', passed: true, turn: 2 },
      {
        ...verdict,
        kind: 'rubric',
        itemId: 'rubric',
        reasoning: 'Polite.',
        passed: true,
        turnNote: 'the judge named turn 9; the conversation has 4 turns: dropped',
      },
    ];
    const lines: string[] = [];
    consoleReporter({ write: (text) => lines.push(text), color: false }).caseResult(result);
    expect(lines.join('').split('\n')).toEqual([
      '━━ refund Refund  PASS',
      '  user 1   I want a refund.␛[2J␛[H',
      '  agent 2  Which order?',
      '           I can look it up.',
      '           Or refund it.',
      '           … 2 more lines',
      '           ▸ CAUGHT asked-order (high)',
      '               Asks at turn 2.',
      "  user 3   It's ORD-1001.",
      '  agent 4  Refunded.',
      '           tool lookup_order({"order":"ORD-9"}) ✗ no such order',
      '           tool refund_order({"order":"ORD-1001"}) → {"refunded":24.99}',
      '  ended    the simulated user ended it (###STOP###)',
      '  tool error lookup_order: no such order',
      '    RUBRIC MET rubric',
      '      Polite.',
      '      the judge named turn 9; the conversation has 4 turns: dropped',
      '',
      '',
    ]);
  });
});
