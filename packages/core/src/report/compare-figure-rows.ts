import type { ComparisonDocument } from '../compare/comparison-schema.ts';
import type { ClusteredRate } from '../stats/clustered.ts';
import { formatRate } from './format-rate.ts';

const rate = (r: ClusteredRate | undefined) => (r ? formatRate(r) : 'n/a');

/**
 * Both sides' rates as the console's overall block holds them, a row each (label, baseline, variant): a
 * kind of item neither side has is left out. The Markdown comment and the HTML page draw these rows.
 */
export function compareFigureRows(doc: ComparisonDocument): [string, string, string][] {
  const [b, v] = [doc.baseline.figures, doc.variant.figures];
  const rows: [string, string, string][] = [];
  if (b.structural.samples.total + v.structural.samples.total > 0)
    rows.push(['structural', rate(b.structural.samples), rate(v.structural.samples)]);
  if (b.findings.samples.total + v.findings.samples.total > 0) {
    rows.push(['recall', rate(b.recall), rate(v.recall)]);
    if (b.precision || v.precision) rows.push(['precision', rate(b.precision), rate(v.precision)]);
  }
  if (b.absent.samples.total + v.absent.samples.total > 0)
    rows.push(['false positives', rate(b.falsePositives), rate(v.falsePositives)]);
  rows.push(['all items', rate(b.items), rate(v.items)]);
  if (b.flaky + v.flaky > 0) rows.push(['flaky items', String(b.flaky), String(v.flaky)]);
  return rows;
}
