import { invokeTool } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { OrderBook } from '../src/order-book.ts';
import { createSupportDesk } from '../src/tools.ts';

describe('OrderBook', () => {
  it('refunds a lost or delivered order once, for at most its total, and keeps a ledger', () => {
    const book = new OrderBook();
    expect(book.refund('ORD-1001', 25)).toEqual({ refundId: 'RF-1', orderId: 'ORD-1001', amount: 25 });
    expect(book.refund('ord-1003', 12.5)).toEqual({ refundId: 'RF-2', orderId: 'ORD-1003', amount: 12.5 });
    expect(() => book.refund('ORD-1001', 1)).toThrow('ORD-1001 was already refunded (25)');
    expect(book.ledger.map((r) => r.refundId)).toEqual(['RF-1', 'RF-2']);
    expect(book.lookup('ORD-1001')?.refunded).toBe(25);
  });

  it.each([
    ['ORD-9999', 10, 'no order ORD-9999'],
    ['ORD-1002', 10, 'ORD-1002 is in_transit; only delivered or lost orders can be refunded'],
    ['ORD-1005', 10, 'ORD-1005 is processing; only delivered or lost orders can be refunded'],
    ['ORD-1004', 5, 'ORD-1004 was already refunded (18)'],
    ['ORD-1006', 150, 'a refund of 150 is more than the 64 paid for ORD-1006'],
    ['ORD-1006', 0.001, 'a refund must be a positive amount'],
  ])('refuses %s for %s: %s', (orderId, amount, message) => {
    const book = new OrderBook();
    expect(() => book.refund(orderId, amount)).toThrow(message);
    expect(book.ledger).toEqual([]);
  });

  it('hands out copies, so a lookup never changes after the fact', () => {
    const book = new OrderBook();
    const before = book.lookup('ORD-1003');
    book.refund('ORD-1003', 42.5);
    expect(before?.refunded).toBe(0);
    expect(book.lookup('ORD-1003')?.refunded).toBe(42.5);
  });

  it('starts every desk from the same seed, sharing nothing', async () => {
    const first = createSupportDesk();
    const second = createSupportDesk();
    const refund = (tools: typeof first.tools) => {
      const tool = tools.find((t) => t.name === 'issue_refund');
      if (!tool) throw new Error('no issue_refund');
      return invokeTool(tool, { orderId: 'ORD-1001', amount: 25 });
    };
    await refund(first.tools);
    await expect(refund(first.tools)).rejects.toThrow('already refunded');
    await expect(refund(second.tools)).resolves.toMatchObject({ refundId: 'RF-1', ledger: [{ refundId: 'RF-1' }] });
    expect(first.book.ledger).toHaveLength(1);
    expect(second.book.ledger).toHaveLength(1);
  });
});

describe('the support tools', () => {
  const { book, tools } = createSupportDesk();
  const tool = (name: string) => {
    const found = tools.find((t) => t.name === name);
    if (!found) throw new Error(name);
    return found;
  };

  it('look orders up, found or not', async () => {
    await expect(invokeTool(tool('lookup_order'), { orderId: 'ORD-1002' })).resolves.toMatchObject({
      found: true,
      status: 'in_transit',
      total: 89.9,
    });
    await expect(invokeTool(tool('lookup_order'), { orderId: 'ORD-0000' })).resolves.toEqual({
      found: false,
      orderId: 'ORD-0000',
    });
  });

  it('refuse a refund with a string amount before touching the book', async () => {
    await expect(invokeTool(tool('issue_refund'), { orderId: 'ORD-1001', amount: '25' })).rejects.toThrow(
      'invalid arguments for issue_refund: amount: Invalid input: expected number, received string',
    );
    expect(book.ledger).toEqual([]);
  });

  it('escalate with a ticket id', async () => {
    await expect(invokeTool(tool('escalate_to_human'), { reason: 'asked for a person' })).resolves.toEqual({
      ticketId: 'ESC-1',
      reason: 'asked for a person',
      replyWithinHours: 24,
    });
  });
});
