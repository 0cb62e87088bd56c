import type { CorrectedFigures, CorrectedRate } from '@evalpacks/core/grade';
import { formatInterval, formatRate, percent } from '@evalpacks/core/report';
import type { ClusteredRate } from '@evalpacks/core/stats';
import type { ForestCell, ForestRow } from './forest-plot.ts';

/** A stored rate as a cell: drawn when it counts anything, and in the console's words. */
export function rateCell(rate: ClusteredRate | undefined): ForestCell {
  if (!rate) return { text: 'n/a' };
  return rate.total > 0 ? { rate, text: formatRate(rate) } : { text: formatRate(rate) };
}

/**
 * A corrected rate as a cell, or its one-line reason. Bait items are stored as "not flagged"; the plot's
 * false positives row is the share flagged, so `flagged` turns the estimate and its interval over.
 */
function correctedCell(corrected: CorrectedRate | undefined, flagged: boolean): ForestCell {
  if (!corrected || corrected.raw.total === 0) return { text: 'n/a' };
  if (corrected.status !== 'corrected') return { text: corrected.reason };
  const turn = (v: number) => (flagged ? 1 - v : v);
  const rate = {
    estimate: turn(corrected.estimate),
    lower: flagged ? 1 - corrected.upper : corrected.lower,
    upper: flagged ? 1 - corrected.lower : corrected.upper,
  };
  const { truePositive: tp, falseNegative: fn, trueNegative: tn, falsePositive: fp } = corrected.labels;
  // A corrected figure is never shown without the labels behind it (as the summaries print it).
  const labels = `${tp + fn + tn + fp} labels (${tp + fn} passing, ${tn + fp} failing)`;
  return { rate, text: `${percent(rate.estimate)} (${formatInterval(rate)}) · ${labels}` };
}

/** Which raw row each judged kind corrects: findings caught beside recall (a run's findings), bait flagged beside false positives. */
const CORRECTS = { recall: 'findings', findings: 'findings', 'false positives': 'absent' } as const;

/**
 * The rows with a judge-corrected row after each raw one a side's stored grade corrected (only when some
 * label of the judge that ran was used, as the summaries show them).
 */
export function withCorrected(rows: ForestRow[], corrected: (CorrectedFigures | undefined)[]): ForestRow[] {
  const used = corrected.map((c) => (c && c.used > 0 ? c : undefined));
  if (!used.some(Boolean)) return rows;
  return rows.flatMap((row) => {
    const kind = CORRECTS[row.label as keyof typeof CORRECTS];
    if (!kind || !used.some((c) => c && c[kind].raw.total > 0)) return [row];
    const cells = row.cells.map((_, side) => correctedCell(used[side]?.[kind], kind === 'absent'));
    return [row, { label: row.label, corrected: true, cells }];
  });
}
