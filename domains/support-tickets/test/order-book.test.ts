import { invokeTool } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { OrderBook, SEED_ORDERS } from '../src/order-book.ts';
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
    ['ORD-1012', 42, 'ORD-1012 was delivered on 2026-03-20; its 30-day refund window ended on 2026-04-19'],
    ['ORD-1110', 119, 'ORD-1110 was delivered on 2026-05-01; its 30-day refund window ended on 2026-05-31'],
    ['ORD-1063', 49.99, 'ORD-1063 is cancelled; only delivered or lost orders can be refunded'],
    ['ORD-1133', 29.99, 'ORD-1133 was already refunded (9.99)'],
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

  it('refunds a delivered order up to day 30 after delivery, and a lost one whenever it was shipped', () => {
    const book = new OrderBook();
    expect(book.refund('ORD-1041', 149)).toMatchObject({ orderId: 'ORD-1041', amount: 149 }); // day 29
    expect(book.refund('ORD-1080', 129)).toMatchObject({ orderId: 'ORD-1080', amount: 129 });
    const lamp = SEED_ORDERS.filter((o) => o.orderId === 'ORD-1006');
    const lastDay = new OrderBook(lamp.map((o) => ({ ...o, deliveredOn: '2026-05-02' })));
    expect(lastDay.refund('ORD-1006', 64)).toMatchObject({ amount: 64 }); // day 30: the window's last day
  });

  it('cancels and readdresses only orders still processing, recording each change', () => {
    const book = new OrderBook();
    const home = { street: '77 Harbor View Road, Apt 5', city: 'Portland', state: 'ME', zip: '04101' };
    expect(book.cancel('ord-1005')).toEqual({ orderId: 'ORD-1005', paymentReturned: 15 });
    expect(book.lookup('ORD-1005')?.status).toBe('cancelled');
    expect(() => book.cancel('ORD-1005')).toThrow(
      'ORD-1005 is cancelled; only an order still processing can be cancelled',
    );
    expect(() => book.cancel('ORD-1002')).toThrow(
      'ORD-1002 is in_transit; only an order still processing can be cancelled',
    );
    expect(() => book.refund('ORD-1005', 15)).toThrow(
      'ORD-1005 is cancelled; only delivered or lost orders can be refunded',
    );
    expect(book.changeAddress('ORD-1043', home)).toEqual({ orderId: 'ORD-1043', ...home });
    expect(book.lookup('ORD-1043')?.shipTo).toEqual({ name: 'Maya Lindqvist', ...home });
    expect(() => book.changeAddress('ORD-1042', home)).toThrow(
      'ORD-1042 is in_transit; only an order still processing can be sent to a new address',
    );
    expect(() => book.changeAddress('ORD-0001', home)).toThrow('no order ORD-0001');
    expect(book.snapshot()).toEqual({
      refunds: [],
      cancellations: [{ orderId: 'ORD-1005' }],
      addressChanges: [{ orderId: 'ORD-1043', ...home }],
      escalations: [],
    });
  });

  it('snapshots refunds and escalations, ids as the end state writes them', () => {
    const book = new OrderBook();
    book.refund('ord-1003', 12.5);
    book.escalate('asked for a manager', ' ord-1005');
    book.escalate('asked for a person');
    expect(book.snapshot()).toEqual({
      refunds: [{ orderId: 'ORD-1003', amount: 12.5 }],
      cancellations: [],
      addressChanges: [],
      escalations: [{ orderId: 'ORD-1005' }, {}],
    });
    expect(new OrderBook().snapshot()).toEqual({ refunds: [], cancellations: [], addressChanges: [], escalations: [] });
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

  it('look orders up, found or not, with the customer and where the parcel goes', async () => {
    await expect(invokeTool(tool('lookup_order'), { orderId: 'ORD-1002' })).resolves.toEqual({
      found: true,
      orderId: 'ORD-1002',
      status: 'in_transit',
      placedOn: '2026-05-25',
      shippedOn: '2026-05-27',
      items: [{ name: 'Trail running shoes', price: 89.9 }],
      total: 89.9,
      refunded: 0,
      customer: { customerId: 'C-101', name: 'Daniel Okafor', email: 'daniel.okafor@example.com' },
      shipTo: { name: 'Daniel Okafor', street: '14 Linden Street', city: 'Springfield', state: 'IL', zip: '62704' },
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

  it('cancel and readdress through the book, refusing with the reason', async () => {
    await expect(invokeTool(tool('cancel_order'), { orderId: 'ORD-1071' })).resolves.toEqual({
      orderId: 'ORD-1071',
      paymentReturned: 60.95,
      status: 'cancelled',
    });
    await expect(invokeTool(tool('cancel_order'), { orderId: 'ORD-1061' })).rejects.toThrow(
      'ORD-1061 is delivered; only an order still processing can be cancelled',
    );
    const to = { orderId: 'ORD-1052', street: '1400 Pine Street', city: 'Seattle', state: 'WA', zip: '98101' };
    await expect(invokeTool(tool('update_shipping_address'), to)).resolves.toEqual(to);
    await expect(invokeTool(tool('update_shipping_address'), { ...to, zip: '' })).rejects.toThrow(
      'invalid arguments for update_shipping_address: zip: Too small',
    );
    expect(book.cancellations).toEqual([{ orderId: 'ORD-1071', paymentReturned: 60.95 }]);
    expect(book.addressChanges).toEqual([to]);
  });

  it('escalate with a ticket id', async () => {
    await expect(invokeTool(tool('escalate_to_human'), { reason: 'asked for a person' })).resolves.toEqual({
      ticketId: 'ESC-1',
      reason: 'asked for a person',
      replyWithinHours: 24,
    });
  });
});
