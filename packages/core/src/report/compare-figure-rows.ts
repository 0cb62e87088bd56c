import type { ComparisonDocument } from '../compare/comparison-schema.ts';
import type { ClusteredRate } from '../stats/clustered.ts';
import { formatRate } from './format-rate.ts';

/** One of both sides' rates: undefined on a side that has none of it (precision without bait items). */
export interface CompareRateRow {
  label: string;
  baseline?: ClusteredRate;
  variant?: ClusteredRate;
}

/**
 * Both sides' rates as the console's overall block holds them, in its order: a kind of item neither side has
 * is left out. The Markdown comment's rows, the HTML page's and the viewer's figures are drawn from these.
 */
export function compareRateRows(doc: Pick<ComparisonDocument, 'baseline' | 'variant'>): CompareRateRow[] {
  const [b, v] = [doc.baseline.figures, doc.variant.figures];
  const rows: CompareRateRow[] = [];
  const row = (label: string, baseline: ClusteredRate | undefined, variant: ClusteredRate | undefined) =>
    rows.push({ label, ...(baseline && { baseline }), ...(variant && { variant }) });
  if (b.structural.samples.total + v.structural.samples.total > 0)
    row('structural', b.structural.samples, v.structural.samples);
  if (b.findings.samples.total + v.findings.samples.total > 0) {
    row('recall', b.recall, v.recall);
    if (b.precision || v.precision) row('precision', b.precision, v.precision);
  }
  if (b.absent.samples.total + v.absent.samples.total > 0) row('false positives', b.falsePositives, v.falsePositives);
  row('all items', b.items, v.items);
  return rows;
}

const rate = (r: ClusteredRate | undefined) => (r ? formatRate(r) : 'n/a');

/**
 * Both sides' rates as text, a row each (label, baseline, variant), then the flaky items when there are
 * any: the Markdown comment's table.
 */
export function compareFigureRows(doc: ComparisonDocument): [string, string, string][] {
  const rows = compareRateRows(doc).map((r): [string, string, string] => [r.label, rate(r.baseline), rate(r.variant)]);
  const [b, v] = [doc.baseline.figures, doc.variant.figures];
  if (b.flaky + v.flaky > 0) rows.push(['flaky items', String(b.flaky), String(v.flaky)]);
  return rows;
}
