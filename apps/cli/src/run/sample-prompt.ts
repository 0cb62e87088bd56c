import { loadPackVariant, type Pack, type Variant } from '@evalpacks/core';

/**
 * A pack's sample answers were written for its default variant. Returns the name to report when the
 * run's prompt text is anything else (another variant, a --prompt file, an edited default), else undefined.
 */
export async function promptOtherThanSamples(pack: Pack, variant: Variant): Promise<string | undefined> {
  const sampled = await loadPackVariant(pack, pack.defaultVariant);
  if (variant.text === sampled.text) return undefined;
  return variant.name === pack.defaultVariant ? `edited ${variant.name}` : variant.name;
}
