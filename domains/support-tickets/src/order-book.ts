/** An order as the shop's back office holds it. Money is in US dollars. */
export interface Order {
  orderId: string;
  status: 'processing' | 'in_transit' | 'delivered' | 'lost';
  placedOn: string;
  items: { name: string; price: number }[];
  total: number;
  /** Already paid back, before or during this conversation. */
  refunded: number;
}

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

/** The shop's orders at the start of every case: small enough to know by heart when writing scenarios. */
export const SEED_ORDERS: readonly Order[] = [
  order('ORD-1001', 'lost', '2026-05-02', [['USB-C charger', 25]]),
  order('ORD-1002', 'in_transit', '2026-05-20', [['Trail running shoes', 89.9]]),
  order('ORD-1003', 'delivered', '2026-04-11', [
    ['Phone case', 30],
    ['USB cable', 12.5],
  ]),
  order('ORD-1004', 'delivered', '2026-03-28', [['Notebook set', 18]], 18),
  order('ORD-1005', 'processing', '2026-05-01', [['Coffee beans, 1 kg', 15]]),
  order('ORD-1006', 'delivered', '2026-05-09', [['Desk lamp', 64]]),
];

function order(
  orderId: string,
  status: Order['status'],
  placedOn: string,
  items: [string, number][],
  refunded = 0,
): Order {
  const total = items.reduce((sum, [, price]) => sum + price, 0);
  return { orderId, status, placedOn, items: items.map(([name, price]) => ({ name, price })), total, refunded };
}

/** A refund the shop's policy does not allow; the model reads the message. */
export class RefundRefused extends Error {
  override name = 'RefundRefused';
}

const REFUNDABLE: readonly Order['status'][] = ['delivered', 'lost'];
const cents = (amount: number) => Math.round(amount * 100);

/**
 * The in-memory back office one case works against. The money rules live here, not in the prompt:
 * a refund is only for an existing order that was delivered or lost, once, for at most its total.
 */
export class OrderBook {
  private readonly orders: Map<string, Order>;
  /** Refunds issued in this conversation, in order. */
  readonly ledger: Refund[] = [];
  readonly escalations: Escalation[] = [];

  constructor(seed: readonly Order[] = SEED_ORDERS) {
    this.orders = new Map(seed.map((o) => [o.orderId, structuredClone(o)]));
  }

  /** A copy, so what the agent was shown never changes under it. */
  lookup(orderId: string): Order | undefined {
    const found = this.orders.get(orderId.trim().toUpperCase());
    return found && structuredClone(found);
  }

  refund(orderId: string, amount: number): Refund {
    const found = this.orders.get(orderId.trim().toUpperCase());
    if (!found) throw new RefundRefused(`no order ${orderId}`);
    if (!REFUNDABLE.includes(found.status)) {
      throw new RefundRefused(`${found.orderId} is ${found.status}; only delivered or lost orders can be refunded`);
    }
    if (found.refunded > 0) throw new RefundRefused(`${found.orderId} was already refunded (${found.refunded})`);
    if (cents(amount) <= 0) throw new RefundRefused('a refund must be a positive amount');
    if (cents(amount) > cents(found.total)) {
      throw new RefundRefused(`a refund of ${amount} is more than the ${found.total} paid for ${found.orderId}`);
    }
    found.refunded = cents(amount) / 100;
    const refund = { refundId: `RF-${this.ledger.length + 1}`, orderId: found.orderId, amount: found.refunded };
    this.ledger.push(refund);
    return { ...refund };
  }

  escalate(reason: string, orderId?: string): Escalation {
    const escalation = { ticketId: `ESC-${this.escalations.length + 1}`, reason, ...(orderId && { orderId }) };
    this.escalations.push(escalation);
    return { ...escalation };
  }
}
