import { defineTool, type Tool } from '@evalpacks/core';
import { z } from 'zod';
import type { EndState } from './end-state.ts';
import { OrderBook } from './order-book.ts';
import { customerById } from './shop.ts';

export const TOOL_NAMES = [
  'lookup_order',
  'issue_refund',
  'escalate_to_human',
  'cancel_order',
  'update_shipping_address',
] as const;

const orderId = z.string().min(1).describe('The order id, e.g. ORD-1001');
const line = (what: string) => z.string().min(1).describe(what);

/** The support agent's tools over one order book. */
export function supportTools(book: OrderBook): Tool[] {
  return [
    defineTool({
      name: 'lookup_order',
      description:
        'Looks up an order by id: its status, dates, items, total, what was already refunded, the customer ' +
        'it belongs to and its shipping address.',
      input: z.object({ orderId }),
      run: ({ orderId }) => {
        const found = book.lookup(orderId);
        if (!found) return { found: false, orderId };
        const { customerId, shipTo, ...rest } = found;
        const owner = customerById(customerId);
        return { found: true, ...rest, customer: { customerId, name: owner?.name, email: owner?.email }, shipTo };
      },
    }),
    defineTool({
      name: 'issue_refund',
      description:
        'Refunds money to the customer for an order. Only for lost orders and for delivered orders within ' +
        '30 days of delivery, once per order, and never more than the order total. Fails with the reason otherwise.',
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
    defineTool({
      name: 'cancel_order',
      description:
        'Cancels an order that is still processing (not shipped yet); its payment goes back to the customer ' +
        'automatically. Fails with the reason otherwise.',
      input: z.object({ orderId }),
      run: ({ orderId }) => ({ ...book.cancel(orderId), status: 'cancelled' }),
    }),
    defineTool({
      name: 'update_shipping_address',
      description:
        'Changes the address an order that is still processing (not shipped yet) will be delivered to. ' +
        'Fails with the reason otherwise.',
      input: z.object({
        orderId,
        street: line('Street and number, with any apartment or unit, e.g. "77 Harbor View Road, Apt 5"'),
        city: line('City'),
        state: line('Two-letter state code, e.g. ME'),
        zip: line('ZIP code'),
      }),
      run: ({ orderId, street, city, state, zip }) => book.changeAddress(orderId, { street, city, state, zip }),
    }),
  ];
}

/** A fresh back office, its tools and its end state: what every case run gets, so no two share a ledger. */
export function createSupportDesk(): { book: OrderBook; tools: Tool[]; snapshot: () => EndState } {
  const book = new OrderBook();
  return { book, tools: supportTools(book), snapshot: () => book.snapshot() };
}
