import { z } from 'zod';

const OrderId = z.string().regex(/^ORD-\d{4}$/, 'write an order id as ORD- and four digits');

/**
 * What the order book must hold after a run: every refund, cancellation, address change and
 * escalation the conversation made. Every kind is compared; a kind left out means none, so an
 * unexpected refund (or cancellation, ...) always fails the case. The golden line's `end` field.
 */
export const EndStateSchema = z.strictObject({
  refunds: z.array(z.strictObject({ orderId: OrderId, amount: z.number().positive() })).default([]),
  cancellations: z.array(z.strictObject({ orderId: OrderId })).default([]),
  addressChanges: z
    .array(
      z.strictObject({
        orderId: OrderId,
        street: z.string().min(1),
        city: z.string().min(1),
        state: z.string().min(1),
        zip: z.string().min(1),
      }),
    )
    .default([]),
  /** `{}` is an escalation about no order: one made with an order id does not match it. */
  escalations: z.array(z.strictObject({ orderId: OrderId.optional() })).default([]),
});
export type EndState = z.output<typeof EndStateSchema>;

/** The snapshot a run recorded, read leniently: extra fields (a refund id, say) are not compared. */
const RecordedSchema = z.object({
  refunds: z.array(z.object({ orderId: z.string(), amount: z.number() })).default([]),
  cancellations: z.array(z.object({ orderId: z.string() })).default([]),
  addressChanges: z
    .array(z.object({ orderId: z.string(), street: z.string(), city: z.string(), state: z.string(), zip: z.string() }))
    .default([]),
  escalations: z.array(z.object({ orderId: z.string().optional() })).default([]),
});

export function readRecordedEndState(raw: unknown): EndState {
  return RecordedSchema.parse(raw);
}

const id = (orderId: string) => orderId.trim().toUpperCase();
/** Case, spacing and punctuation do not change where a parcel goes: "Apt. 5" is "apt 5". */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const money = (amount: number) => String(Math.round(amount * 100) / 100);

type Kind = {
  singular: string;
  plural: string;
  /** Between "one refund" and the entry: "of". */
  joiner: string;
  /** Two entries are the same change when their keys are equal. */
  key: (entry: never) => string;
  /** How an entry reads in a detail line. */
  show: (entry: never) => string;
};

const KINDS: Record<keyof EndState, Kind> = {
  refunds: {
    singular: 'refund',
    plural: 'refunds',
    joiner: ' of',
    key: (r: EndState['refunds'][number]) => `${id(r.orderId)} ${Math.round(r.amount * 100)}`,
    show: (r: EndState['refunds'][number]) => `${money(r.amount)} on ${id(r.orderId)}`,
  },
  cancellations: {
    singular: 'cancellation',
    plural: 'cancellations',
    joiner: ' of',
    key: (c: EndState['cancellations'][number]) => id(c.orderId),
    show: (c: EndState['cancellations'][number]) => id(c.orderId),
  },
  addressChanges: {
    singular: 'address change',
    plural: 'address changes',
    joiner: ' of',
    key: (a: EndState['addressChanges'][number]) =>
      [id(a.orderId), words(a.street), words(a.city), words(a.state), words(a.zip)].join('|'),
    show: (a: EndState['addressChanges'][number]) => `${id(a.orderId)} to ${a.street}, ${a.city}, ${a.state} ${a.zip}`,
  },
  escalations: {
    singular: 'escalation',
    plural: 'escalations',
    joiner: '',
    key: (e: EndState['escalations'][number]) => (e.orderId ? id(e.orderId) : '-'),
    show: (e: EndState['escalations'][number]) => (e.orderId ? `about ${id(e.orderId)}` : 'about no order'),
  },
};

function describe(kind: Kind, entries: readonly unknown[]): string {
  const shown = entries.map((entry) => kind.show(entry as never));
  if (shown.length === 0) return `no ${kind.singular}`;
  if (shown.length === 1) return `one ${kind.singular}${kind.joiner} ${shown[0]}`;
  return `${shown.length} ${kind.plural}: ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

const sortedKeys = (kind: Kind, entries: readonly unknown[]) => entries.map((e) => kind.key(e as never)).sort();

export interface EndStateComparison {
  matches: boolean;
  /** One clause per kind that differs, or what was found when everything matches. */
  detail: string;
}

/** Compares two end states kind by kind, as multisets: the order of the changes does not matter. */
export function compareEndStates(expected: EndState, actual: EndState): EndStateComparison {
  const kinds = Object.keys(KINDS) as (keyof EndState)[];
  const differences = kinds
    .filter((name) => {
      const a = sortedKeys(KINDS[name], expected[name]);
      const b = sortedKeys(KINDS[name], actual[name]);
      return a.length !== b.length || a.some((key, i) => key !== b[i]);
    })
    .map((name) => `expected ${describe(KINDS[name], expected[name])}, found ${describe(KINDS[name], actual[name])}`);
  if (differences.length > 0) return { matches: false, detail: differences.join('; ') };
  const changed = kinds.filter((name) => actual[name].length > 0);
  if (changed.length === 0) return { matches: true, detail: 'nothing changed, as expected' };
  const found = changed.map((name) => describe(KINDS[name], actual[name])).join('; ');
  return { matches: true, detail: `as expected: ${found}; nothing else changed` };
}
