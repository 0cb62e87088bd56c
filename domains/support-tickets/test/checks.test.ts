import { describe, expect, it } from 'vitest';
import { namesLookedUpOrders, noUnbackedRefundClaim, oneRefundPerOrder, refundAfterLookup } from '../src/checks.ts';
import { call, transcript } from './support.ts';

const testCase = { id: 't', name: 't', description: '', input: 'x', expectedFindings: [], expectedAbsent: [] };
const lookup = (orderId: string, found = true) => call('lookup_order', { orderId }, { result: { found, orderId } });
const refund = (orderId: string, amount = 25, ok = true) =>
  call('issue_refund', { orderId, amount }, ok ? { result: { refundId: 'RF-1' } } : { error: 'refused' });

describe('refundAfterLookup', () => {
  it('passes a refund that follows a lookup of the same order', () => {
    expect(refundAfterLookup.run(transcript([lookup('ORD-1001'), refund('ORD-1001')]), testCase)).toEqual({
      passed: true,
      detail: 'every refund followed a lookup of its order',
    });
    expect(refundAfterLookup.run(transcript([]), testCase).detail).toBe('no refund was attempted');
  });

  it('fails a refund without a lookup, or after a lookup of another order', () => {
    expect(refundAfterLookup.run(transcript([refund('ORD-1001')]), testCase)).toEqual({
      passed: false,
      detail: 'issue_refund for ORD-1001 came before any lookup_order of that order',
    });
    expect(refundAfterLookup.run(transcript([lookup('ORD-1002'), refund('ORD-1001')]), testCase).passed).toBe(false);
    expect(refundAfterLookup.run(transcript([refund('ORD-1001'), lookup('ORD-1001')]), testCase).passed).toBe(false);
  });
});

describe('oneRefundPerOrder', () => {
  it('passes one refund per order and fails a second for the same order', () => {
    const two = [refund('ORD-1001'), refund('ORD-1003')];
    expect(oneRefundPerOrder.run(transcript(two), testCase)).toEqual({
      passed: true,
      detail: 'no order was refunded twice',
    });
    expect(oneRefundPerOrder.run(transcript([refund('ORD-1003'), refund('ord-1003', 25, false)]), testCase)).toEqual({
      passed: false,
      detail: 'issue_refund was called 2 times for ORD-1003',
    });
  });
});

describe('namesLookedUpOrders', () => {
  it('passes when the reply names every order found, and ignores orders not found', () => {
    const calls = [lookup('ORD-1001'), lookup('ORD-9999', false)];
    expect(namesLookedUpOrders.run(transcript(calls, 'Order ord-1001 was lost.'), testCase)).toEqual({
      passed: true,
      detail: 'the reply names ORD-1001',
    });
  });

  it('fails when an order looked up goes unnamed', () => {
    const calls = [lookup('ORD-1001'), lookup('ORD-1002')];
    expect(namesLookedUpOrders.run(transcript(calls, 'ORD-1001 was lost.'), testCase)).toEqual({
      passed: false,
      detail: 'the reply never names ORD-1002, which the agent looked up',
    });
  });
});

describe('noUnbackedRefundClaim', () => {
  it.each([
    "I've issued a refund of $25.",
    'We have processed your refund.',
    'Your refund of $64 has been issued.',
    "You've been refunded.",
  ])('fails "%s" without a successful refund', (answer) => {
    const result = noUnbackedRefundClaim.run(transcript([refund('ORD-1002', 25, false)], answer), testCase);
    expect(result.passed).toBe(false);
    expect(result.detail).toMatch(/^the reply says ".+", but no issue_refund call succeeded$/);
  });

  it('passes a claim backed by a refund, and replies that claim none', () => {
    const backed = noUnbackedRefundClaim.run(transcript([refund('ORD-1001')], "I've issued a refund."), testCase);
    expect(backed).toEqual({
      passed: true,
      detail: `the reply's "I've issued" is backed by a successful issue_refund`,
    });
    const none = 'A refund has not been issued: ORD-1002 is still in transit.';
    expect(noUnbackedRefundClaim.run(transcript([], none), testCase)).toEqual({
      passed: true,
      detail: 'the reply claims no refund',
    });
  });
});
