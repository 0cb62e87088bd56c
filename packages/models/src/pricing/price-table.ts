import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { InputError } from '@evalpacks/core';
import { type Price, type PriceLookup, PriceSchema } from '@evalpacks/core/report';
import { z } from 'zod';

/** The bundled table: list prices per model id and backend, kept as data so updating it is not a code change. */
export const PRICE_TABLE_PATH = fileURLToPath(new URL('./prices.json', import.meta.url));

export const PriceTableSchema = z.strictObject({
  currency: z.literal('USD'),
  per: z.literal('1M tokens'),
  source: z.string().min(1),
  checked: z.string().min(1),
  backends: z.record(
    z.string(),
    z.strictObject({
      /** The price of any model of the backend not listed (0 for local models). */
      default: PriceSchema.optional(),
      models: z.record(z.string(), PriceSchema),
    }),
  ),
});
export type PriceTable = z.infer<typeof PriceTableSchema>;

/** Reads and validates a price table; a bad one is an InputError naming the file and the field. */
export function loadPriceTable(path: string = PRICE_TABLE_PATH): PriceTable {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InputError(`${path}: not a readable JSON price table (${(error as Error).message})`);
  }
  const parsed = PriceTableSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${path}: field ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Looks a model up by its exact id, then falls back to its backend's default; undefined when neither. */
export function priceLookup(table: PriceTable): PriceLookup {
  return ({ backend, model }): Price | undefined => {
    const entry = table.backends[backend];
    return entry?.models[model] ?? entry?.default;
  };
}
