import type { PackFigures } from '@evalpacks/core/runner';

const INDENT = ''.padEnd(20);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a compare over the pack can tell apart, with the pass rate it assumes. */
export function detectableLine(figures: PackFigures): string {
  const base = `base ${Math.round(figures.assumedRate * 100)}%`;
  if (!Number.isFinite(figures.detectable)) {
    return `detects nothing at 80% power: ${plural(figures.cases, 'case')} cannot reach p < 0.05 (paired, ${base})`;
  }
  return `detects ±${Math.round(figures.detectable * 100)} pts at 80% power (paired, ${base})`;
}

/** A pack's lines in `eval --list`: its figures, its variants and what a compare can detect, its description. */
export function packListing(name: string, description: string, figures: PackFigures, variants: string[]): string {
  const { cases, dev, test, findings, baitShare, categories } = figures;
  const kinds =
    categories.length === 0
      ? 'no categories'
      : `${categories.length} ${categories.length === 1 ? 'category' : 'categories'}`;
  return (
    `${name.padEnd(20)}${String(cases).padStart(4)} cases (${dev} dev / ${test} test) · ` +
    `${plural(findings, 'finding')} · bait ${Math.round(baitShare * 100)}% · ${kinds}\n` +
    `${INDENT}variants: ${variants.join(', ')} · ${detectableLine(figures)}\n` +
    `${INDENT}${description}\n`
  );
}
