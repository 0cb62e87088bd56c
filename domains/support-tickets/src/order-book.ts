import type { EndState } from './end-state.ts';
import { type Address, type Order, REFUND_WINDOW_DAYS, SEED_ORDERS, TODAY } from './shop.ts';

export type { Address, Customer, Order, OrderStatus } from './shop.ts';
export { CUSTOMERS, SEED_ORDERS, TODAY } from './shop.ts';

export interface Refund {
  refundId: string;
  orderId: string;
  amount: number;
}

export interface Escalation {
  ticketId: string;
  reason: string;
  orderId?: string;
}

export interface Cancellation {
  orderId: string;
  paymentReturned: number;
}

export type AddressChange = { orderId: string } & Address;

/** A refund the shop's policy does not allow; the model reads the message. */
export class RefundRefused extends Error {
  override name = 'RefundRefused';
}

/** A cancellation or address change the order rules do not allow; the model reads the message. */
export class ChangeRefused extends Error {
  override name = 'ChangeRefused';
}

const REFUNDABLE: readonly Order['status'][] = ['delivered', 'lost'];
const cents = (amount: number) => Math.round(amount * 100);
const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The in-memory back office one case works against. The money and order rules live here, not in the
 * prompt: a refund is only for an existing order that was lost, or delivered at most 30 days ago, once,
 * for at most its total; only an order still processing can be cancelled or sent elsewhere.
 */
export class OrderBook {
  private readonly orders: Map<string, Order>;
  /** Refunds issued in this conversation, in order. */
  readonly ledger: Refund[] = [];
  readonly escalations: Escalation[] = [];
  readonly cancellations: Cancellation[] = [];
  readonly addressChanges: AddressChange[] = [];

  constructor(seed: readonly Order[] = SEED_ORDERS) {
    this.orders = new Map(seed.map((o) => [o.orderId, structuredClone(o)]));
  }

  /** A copy, so what the agent was shown never changes under it. */
  lookup(orderId: string): Order | undefined {
    const found = this.find(orderId);
    return found && structuredClone(found);
  }

  refund(orderId: string, amount: number): Refund {
    const found = this.find(orderId);
    if (!found) throw new RefundRefused(`no order ${orderId}`);
    if (!REFUNDABLE.includes(found.status)) {
      throw new RefundRefused(`${found.orderId} is ${found.status}; only delivered or lost orders can be refunded`);
    }
    if (found.refunded > 0) throw new RefundRefused(`${found.orderId} was already refunded (${found.refunded})`);
    if (cents(amount) <= 0) throw new RefundRefused('a refund must be a positive amount');
    if (cents(amount) > cents(found.total)) {
      throw new RefundRefused(`a refund of ${amount} is more than the ${found.total} paid for ${found.orderId}`);
    }
    if (found.status === 'delivered' && found.deliveredOn) {
      const lastDay = dayNumber(found.deliveredOn) + REFUND_WINDOW_DAYS;
      if (dayNumber(TODAY) > lastDay) {
        throw new RefundRefused(
          `${found.orderId} was delivered on ${found.deliveredOn}; its ${REFUND_WINDOW_DAYS}-day refund window ended on ${isoDay(lastDay)}`,
        );
      }
    }
    found.refunded = cents(amount) / 100;
    const refund = { refundId: `RF-${this.ledger.length + 1}`, orderId: found.orderId, amount: found.refunded };
    this.ledger.push(refund);
    return { ...refund };
  }

  /** Cancelling an order that has not shipped returns its payment; no refund is involved. */
  cancel(orderId: string): Cancellation {
    const found = this.unshipped(orderId, 'cancelled');
    found.status = 'cancelled';
    const cancellation = { orderId: found.orderId, paymentReturned: found.total };
    this.cancellations.push(cancellation);
    return { ...cancellation };
  }

  changeAddress(orderId: string, address: Address): AddressChange {
    const found = this.unshipped(orderId, 'sent to a new address');
    found.shipTo = { name: found.shipTo.name, ...address };
    const change = { orderId: found.orderId, ...address };
    this.addressChanges.push(change);
    return { ...change };
  }

  escalate(reason: string, orderId?: string): Escalation {
    const escalation = { ticketId: `ESC-${this.escalations.length + 1}`, reason, ...(orderId && { orderId }) };
    this.escalations.push(escalation);
    return { ...escalation };
  }

  /** What this conversation changed, in the order it happened: the run's end state. */
  snapshot(): EndState {
    return {
      refunds: this.ledger.map(({ orderId, amount }) => ({ orderId, amount })),
      cancellations: this.cancellations.map(({ orderId }) => ({ orderId })),
      addressChanges: this.addressChanges.map((change) => ({ ...change })),
      escalations: this.escalations.map(({ orderId }) => (orderId ? { orderId: orderId.trim().toUpperCase() } : {})),
    };
  }

  private find(orderId: string): Order | undefined {
    return this.orders.get(orderId.trim().toUpperCase());
  }

  private unshipped(orderId: string, what: string): Order {
    const found = this.find(orderId);
    if (!found) throw new ChangeRefused(`no order ${orderId}`);
    if (found.status !== 'processing') {
      throw new ChangeRefused(`${found.orderId} is ${found.status}; only an order still processing can be ${what}`);
    }
    return found;
  }
}
