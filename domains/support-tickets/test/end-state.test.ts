import { type Case, runChecks } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { checks } from '../src/checks.ts';
import { compareEndStates, type EndState, EndStateSchema } from '../src/end-state.ts';
import { endStateMatches } from '../src/end-state-check.ts';
import { goldenToCase } from '../src/golden.ts';
import { replayOnFreshDesk } from '../src/replay.ts';
import { fixture, goldenLines, transcript } from './support.ts';

const end = (raw: unknown): EndState => EndStateSchema.parse(raw);
const withEnd = (expected: unknown) =>
  ({
    id: 't',
    name: 't',
    description: '',
    input: 'x',
    expectedFindings: [],
    expectedAbsent: [],
    expectedEndState: expected,
  }) as Case;

describe('compareEndStates', () => {
  it('compares every kind, a kind left out meaning none', () => {
    expect(compareEndStates(end({}), end({}))).toEqual({ matches: true, detail: 'nothing changed, as expected' });
    expect(compareEndStates(end({}), end({ refunds: [{ orderId: 'ORD-1003', amount: 12.5 }] }))).toEqual({
      matches: false,
      detail: 'expected no refund, found one refund of 12.5 on ORD-1003',
    });
    expect(compareEndStates(end({ escalations: [{}] }), end({ escalations: [{ orderId: 'ORD-1005' }] }))).toEqual({
      matches: false,
      detail: 'expected one escalation about no order, found one escalation about ORD-1005',
    });
  });

  it('names each kind that differs, amounts to the cent', () => {
    const expected = end({
      refunds: [{ orderId: 'ORD-1091', amount: 84.98 }],
      cancellations: [{ orderId: 'ORD-1092' }],
    });
    const actual = end({
      refunds: [
        { orderId: 'ORD-1091', amount: 84.99 },
        { orderId: 'ORD-1093', amount: 89 },
      ],
    });
    expect(compareEndStates(expected, actual)).toEqual({
      matches: false,
      detail:
        'expected one refund of 84.98 on ORD-1091, found 2 refunds: 84.99 on ORD-1091 and 89 on ORD-1093; ' +
        'expected one cancellation of ORD-1092, found no cancellation',
    });
  });

  it('ignores the order of changes, and case, spacing and punctuation in an address', () => {
    const address = { street: '310 Orchard Road, Unit 12', city: 'Madison', state: 'WI', zip: '53703' };
    const expected = end({
      cancellations: [{ orderId: 'ORD-1130' }, { orderId: 'ORD-1131' }],
      addressChanges: [{ orderId: 'ORD-1121', ...address }],
    });
    const actual = end({
      cancellations: [{ orderId: 'ORD-1131' }, { orderId: 'ORD-1130' }],
      addressChanges: [{ orderId: 'ORD-1121', ...address, street: '310 orchard road  unit 12', state: 'wi' }],
    });
    expect(compareEndStates(expected, actual)).toEqual({
      matches: true,
      detail:
        'as expected: 2 cancellations: ORD-1131 and ORD-1130; one address change of ORD-1121 to ' +
        '310 orchard road  unit 12, Madison, wi 53703; nothing else changed',
    });
    const elsewhere = end({ addressChanges: [{ orderId: 'ORD-1121', ...address, street: '310 Orchard Road' }] });
    expect(compareEndStates(expected, elsewhere).detail).toContain(
      'expected one address change of ORD-1121 to 310 Orchard Road, Unit 12, Madison, WI 53703, ' +
        'found one address change of ORD-1121 to 310 Orchard Road, Madison, WI 53703',
    );
  });

  it('refuses an end with a kind or field it does not know, or an id not written as ORD-', () => {
    expect(() => end({ refund: [] })).toThrow(/unrecognized_keys[\s\S]*"refund"/);
    expect(() => end({ cancellations: [{ orderId: '1005' }] })).toThrow('write an order id as ORD- and four digits');
  });
});

describe('the end-state check', () => {
  const line = goldenLines().find((l) => l.id === 'ticket-22');
  if (!line) throw new Error('ticket-22');
  const testCase = goldenToCase(line) as Case;

  it('fails a run that says "refund issued" but refunded the wrong order, and passes the reference', async () => {
    // ORD-1040 is the customer's other delivered order: the refund goes through, to the wrong order.
    const wrong = await replayOnFreshDesk([
      { name: 'lookup_order', arguments: { orderId: 'ORD-1040' } },
      { name: 'issue_refund', arguments: { orderId: 'ORD-1040', amount: 104.5 } },
    ]);
    const claimed = { ...transcript(wrong.toolCalls, "Refund issued: I've refunded $104.50 for ORD-1040 (RF-1).") };
    const results = runChecks(checks, { ...claimed, endState: wrong.endState }, testCase);
    expect(results.filter((r) => !r.passed).map((r) => [r.id, r.part, r.detail])).toEqual([
      ['end-state', 'narrowing', 'expected one refund of 149 on ORD-1041, found one refund of 104.5 on ORD-1040'],
    ]);

    const reference = fixture('ticket-22');
    const replayed = await replayOnFreshDesk(reference.toolCalls);
    expect(endStateMatches.run({ ...reference, endState: replayed.endState }, testCase)).toEqual({
      passed: true,
      detail: 'as expected: one refund of 149 on ORD-1041; nothing else changed',
    });
  });

  it('fails a run that recorded no end state when the case expects one, and skips a case with none', () => {
    expect(endStateMatches.run(transcript([]), testCase)).toEqual({
      passed: false,
      detail: 'the case expects an end state, but the run recorded none',
    });
    expect(endStateMatches.run(transcript([]), withEnd(undefined))).toEqual({
      passed: true,
      detail: 'the case states no end state',
    });
    expect(endStateMatches.run({ ...transcript([]), endState: end({}) }, withEnd({}))).toEqual({
      passed: true,
      detail: 'nothing changed, as expected',
    });
  });
});
