import type { PriceLookup } from '@evalpacks/core/report';

export interface Prices {
  priceOf: PriceLookup;
  /** Where the prices come from, for messages about a missing one. */
  priceTablePath: string;
}

/** The bundled price table, validated (a broken one is a one-line error naming the field). */
export async function loadPrices(): Promise<Prices> {
  const pricing = await import('@evalpacks/models/pricing');
  return { priceOf: pricing.priceLookup(pricing.loadPriceTable()), priceTablePath: pricing.PRICE_TABLE_PATH };
}
