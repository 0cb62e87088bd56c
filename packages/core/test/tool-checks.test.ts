import { describe, expect, it } from 'vitest';
import type { Check } from '../src/checks/define-check.ts';
import {
  noToolCalled,
  toolCallCount,
  toolCalled,
  toolCalledWith,
  toolNeverCalled,
  toolsCalledInOrder,
} from '../src/checks/tool-checks.ts';
import { sampleCase, transcriptWith } from './support.ts';

const lookup = { name: 'lookup_order', arguments: { orderId: 'ORD-1001' }, result: { status: 'lost' } };
const refund = { name: 'issue_refund', arguments: { orderId: 'ORD-1001', amount: 25 }, result: { refundId: 'RF-1' } };
const run = (check: Check, calls: Parameters<typeof transcriptWith>[0]) => check.run(transcriptWith(calls), sampleCase);

describe('toolCalled', () => {
  it('passes when the tool was called and fails naming what was called instead', () => {
    const check = toolCalled('lookup_order');
    expect(check).toMatchObject({ id: 'calls-lookup-order', name: 'Calls lookup_order', part: 'steps' });
    expect(run(check, [lookup, lookup])).toEqual({ passed: true, detail: 'lookup_order was called 2 times' });
    expect(run(check, [refund])).toEqual({
      passed: false,
      detail: 'lookup_order must be called; it was not (the agent called issue_refund)',
    });
    expect(run(check, [])).toEqual({
      passed: false,
      detail: 'lookup_order must be called; it was not (no tool was called)',
    });
  });
});

describe('toolNeverCalled', () => {
  it('fails with the arguments of the forbidden call', () => {
    const check = toolNeverCalled('issue_refund');
    expect(check).toMatchObject({ id: 'never-calls-issue-refund', part: 'narrowing' });
    expect(run(check, [lookup])).toEqual({ passed: true, detail: 'issue_refund was not called' });
    expect(run(check, [lookup, refund])).toEqual({
      passed: false,
      detail: 'issue_refund must never be called; it was called with {orderId: "ORD-1001", amount: 25}',
    });
  });

  it('lists repeated calls', () => {
    const second = { ...refund, arguments: { orderId: 'ORD-1003', amount: 42.5 } };
    expect(run(toolNeverCalled('issue_refund'), [refund, second]).detail).toBe(
      'issue_refund must never be called; it was called 2 times, with {orderId: "ORD-1001", amount: 25} and {orderId: "ORD-1003", amount: 42.5}',
    );
  });
});

describe('toolCalledWith', () => {
  it('matches the keys given and ignores the others', () => {
    const check = toolCalledWith('issue_refund', { orderId: 'ORD-1001' });
    expect(check.name).toBe('Calls issue_refund with {orderId: "ORD-1001"}');
    expect(run(check, [lookup, refund])).toEqual({
      passed: true,
      detail: 'issue_refund was called with {orderId: "ORD-1001"}',
    });
  });

  it('fails on a different value, showing the actual arguments', () => {
    const check = toolCalledWith('issue_refund', { orderId: 'ORD-1001', amount: 64 });
    expect(run(check, [refund])).toEqual({
      passed: false,
      detail:
        'issue_refund must be called with {orderId: "ORD-1001", amount: 64}; it was called with {orderId: "ORD-1001", amount: 25}',
    });
    expect(run(check, [lookup]).detail).toBe(
      'issue_refund must be called with {orderId: "ORD-1001", amount: 64}; it was never called',
    );
  });

  it('compares nested values by value, and the whole object when exact', () => {
    const call = { name: 'escalate_to_human', arguments: { reason: 'angry', tags: ['vip'], meta: { a: 1 } } };
    expect(run(toolCalledWith('escalate_to_human', { tags: ['vip'], meta: { a: 1 } }), [call]).passed).toBe(true);
    expect(run(toolCalledWith('escalate_to_human', { tags: ['vip', 'x'] }), [call]).passed).toBe(false);
    const exact = toolCalledWith('escalate_to_human', { reason: 'angry' }, { exact: true });
    expect(exact.name).toBe('Calls escalate_to_human with exactly {reason: "angry"}');
    expect(run(exact, [call]).passed).toBe(false);
    expect(run(exact, [{ ...call, arguments: { reason: 'angry' } }]).passed).toBe(true);
  });

  it('does not treat a string number as the number', () => {
    const loose = { ...refund, arguments: { orderId: 'ORD-1001', amount: '25' } };
    expect(run(toolCalledWith('issue_refund', { amount: 25 }), [loose]).passed).toBe(false);
  });
});

describe('toolsCalledInOrder', () => {
  const check = toolsCalledInOrder(['lookup_order', 'issue_refund']);

  it('passes with other calls in between', () => {
    const escalate = { name: 'escalate_to_human', arguments: {} };
    expect(run(check, [lookup, escalate, refund])).toEqual({
      passed: true,
      detail: 'called in order: lookup_order → issue_refund',
    });
  });

  it('fails when the order is reversed or a tool is missing', () => {
    expect(run(check, [refund, lookup])).toEqual({
      passed: false,
      detail:
        'tools must be called in the order lookup_order → issue_refund; the calls were issue_refund → lookup_order',
    });
    expect(run(check, []).detail).toBe(
      'tools must be called in the order lookup_order → issue_refund; no tool was called',
    );
  });
});

describe('toolCallCount', () => {
  it('fails above a maximum as a narrowing problem', () => {
    const check = toolCallCount('issue_refund', { max: 1 });
    expect(check).toMatchObject({ name: 'Calls issue_refund at most 1 time', part: 'narrowing' });
    expect(run(check, [refund])).toEqual({ passed: true, detail: 'issue_refund was called 1 time' });
    expect(run(check, [])).toEqual({ passed: true, detail: 'issue_refund was called 0 times' });
    expect(run(check, [refund, refund])).toEqual({
      passed: false,
      detail:
        'issue_refund must be called at most 1 time; it was called 2 times, with {orderId: "ORD-1001", amount: 25} and {orderId: "ORD-1001", amount: 25}',
    });
  });

  it('fails below a minimum as a steps problem, and describes exact and ranged bounds', () => {
    const atLeast = toolCallCount('lookup_order', { min: 2 });
    expect(atLeast).toMatchObject({ name: 'Calls lookup_order at least 2 times', part: 'steps' });
    expect(run(atLeast, [lookup]).detail).toBe(
      'lookup_order must be called at least 2 times; it was called with {orderId: "ORD-1001"}',
    );
    expect(run(atLeast, []).detail).toBe('lookup_order must be called at least 2 times; it was never called');
    expect(toolCallCount('lookup_order', { min: 2, max: 2 }).name).toBe('Calls lookup_order exactly 2 times');
    const range = toolCallCount('lookup_order', { min: 1, max: 3 });
    expect(range.name).toBe('Calls lookup_order between 1 and 3 times');
    expect(run(range, [lookup, lookup, lookup, lookup]).passed).toBe(false);
    expect(run(range, [lookup, lookup, lookup]).passed).toBe(true);
  });
});

describe('noToolCalled', () => {
  it('passes with no calls and names the first call otherwise', () => {
    const check = noToolCalled();
    expect(check.part).toBe('narrowing');
    expect(run(check, [])).toEqual({ passed: true, detail: 'no tool was called' });
    expect(run(check, [{ name: 'word_count', arguments: { text: 'a b' }, result: '2' }])).toEqual({
      passed: false,
      detail: 'no tool may be called; word_count was called with {text: "a b"}',
    });
    expect(run(check, [lookup, refund, refund]).detail).toBe(
      'no tool may be called; lookup_order was called with {orderId: "ORD-1001"} (and 2 more calls)',
    );
  });
});
