/**
 * How alike two texts are, for finding near-duplicate cases: the Sørensen–Dice coefficient over the
 * multisets of character trigrams of the texts, lowercased, runs of whitespace made one space, trimmed.
 * 1 for the same text, 0 for texts that share no trigram; a one-line change in a 40-line handler stays
 * above 0.9, a different handler on the same theme falls well below.
 */
export function normalised(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A text's trigrams with how often each occurs, and how many there are in all. */
export interface Trigrams {
  counts: Map<string, number>;
  size: number;
  text: string;
}

export function trigrams(text: string): Trigrams {
  const flat = normalised(text);
  const counts = new Map<string, number>();
  for (let i = 0; i + 3 <= flat.length; i++) {
    const gram = flat.slice(i, i + 3);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return { counts, size: Math.max(0, flat.length - 2), text: flat };
}

/** 2·|A ∩ B| / (|A| + |B|) over trigram multisets; texts too short for a trigram are alike only when equal. */
export function diceSimilarity(a: Trigrams, b: Trigrams): number {
  if (a.size + b.size === 0) return a.text === b.text ? 1 : 0;
  const [small, large] = a.counts.size <= b.counts.size ? [a, b] : [b, a];
  let shared = 0;
  for (const [gram, count] of small.counts) shared += Math.min(count, large.counts.get(gram) ?? 0);
  return (2 * shared) / (a.size + b.size);
}

/** The most two texts of these trigram counts can share: what lets a pair be skipped unread. */
export function diceBound(a: Trigrams, b: Trigrams): number {
  return a.size + b.size === 0 ? 1 : (2 * Math.min(a.size, b.size)) / (a.size + b.size);
}
