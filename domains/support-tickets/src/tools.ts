import { defineTool, type Tool } from '@evalpacks/core';
import { z } from 'zod';
import { OrderBook } from './order-book.ts';

export const TOOL_NAMES = ['lookup_order', 'issue_refund', 'escalate_to_human'] as const;

const orderId = z.string().min(1).describe('The order id, e.g. ORD-1001');

/** The support agent's tools over one order book. */
export function supportTools(book: OrderBook): Tool[] {
  return [
    defineTool({
      name: 'lookup_order',
      description: 'Looks up an order by id: its status, items, total and what was already refunded.',
      input: z.object({ orderId }),
      run: ({ orderId }) => {
        const found = book.lookup(orderId);
        return found ? { found: true, ...found } : { found: false, orderId };
      },
    }),
    defineTool({
      name: 'issue_refund',
      description:
        'Refunds money to the customer for an order. Only for delivered or lost orders, once per order, ' +
        'and never more than the order total. Fails with the reason otherwise.',
      input: z.object({
        orderId,
        amount: z.number().positive().describe('Amount to refund in US dollars'),
      }),
      run: ({ orderId, amount }) => ({ ...book.refund(orderId, amount), ledger: book.ledger.map((r) => ({ ...r })) }),
    }),
    defineTool({
      name: 'escalate_to_human',
      description: 'Hands the conversation to a human support agent, who replies within 24 hours.',
      input: z.object({
        reason: z.string().min(1).describe('Why a human should take over, in one sentence'),
        orderId: orderId.optional(),
      }),
      run: ({ reason, orderId }) => ({ ...book.escalate(reason, orderId), replyWithinHours: 24 }),
    }),
  ];
}

/** A fresh back office and its tools: what every case run gets, so no two share a ledger. */
export function createSupportDesk(): { book: OrderBook; tools: Tool[] } {
  const book = new OrderBook();
  return { book, tools: supportTools(book) };
}
