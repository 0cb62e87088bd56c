/**
 * compare's judge-corrected differences as every compare surface prints them (console, Markdown, HTML, the
 * viewer), from the comparison's figures alone: nothing is corrected or resampled again. A corrected figure is
 * never shown without the labels behind it.
 */

import type { ComparisonDocument } from '../compare/comparison-schema.ts';
import { CORRECTED_KIND_NAMES } from '../compare/corrected-difference.ts';
import type { LabelConfusion } from '../schema/corrected.ts';
import type { CorrectedDifferences, DifferenceInterval, KindDifference } from '../schema/corrected-difference.ts';
import { points } from './format-rate.ts';
import { visible } from './visible.ts';

function labelWords(l: LabelConfusion): string {
  const [passing, failing] = [l.truePositive + l.falseNegative, l.trueNegative + l.falsePositive];
  return `${passing + failing} labels (${passing} passing, ${failing} failing)`;
}

/** "+8.9 points (95% CI −6.2 to +28.1)" */
export function differenceWords(d: DifferenceInterval, level: number): string {
  return `${points(d.estimate)} points (${Math.round(level * 100)}% CI ${points(d.lower)} to ${points(d.upper)})`;
}

/** The labels behind a kind's figures: "20 labels (10 passing, 10 failing), one set for both sides", or each side's. */
export function labelsOf(kind: KindDifference, shared: boolean): string {
  const { baseline, variant } = kind.labels;
  return shared
    ? `${labelWords(baseline)}, one set for both sides`
    : `baseline ${labelWords(baseline)}, variant ${labelWords(variant)}`;
}

/** "240 of 2000 replicates left out (their resampled labels gave TPR + TNR − 1 ≤ 0)" */
export function leftOutWords(left: number, replicates: number): string {
  return `${left} of ${replicates} replicates left out (their resampled labels gave TPR + TNR − 1 ≤ 0)`;
}

/** One kind's value: the raw difference, then the corrected one (or why not), then the labels behind it. */
function kindValue(kind: KindDifference, corrected: CorrectedDifferences): string {
  const shared = corrected.labelResampling === 'shared';
  const raw = `raw ${differenceWords(kind.raw, corrected.level)}`;
  // Too few labels of one set says how many of each it has; any other line gets the labels beside it.
  if (kind.status === 'too-few-labels' && shared) return `${raw} · ${visible(kind.reason)}`;
  if (kind.status !== 'corrected') return `${raw} · ${visible(kind.reason)} · ${labelsOf(kind, shared)}`;
  const left = kind.undefinedReplicates;
  const undefinedWords = left ? ` · ${leftOutWords(left, corrected.replicates)}` : '';
  return `${raw} · corrected ${differenceWords(kind.corrected, corrected.level)} · ${labelsOf(kind, shared)}${undefinedWords}`;
}

/** The heading of the block: which difference, how its intervals were made. */
export function correctedDifferenceHeading(corrected: CorrectedDifferences): string {
  const labels =
    corrected.labelResampling === 'shared'
      ? 'one label resample for both sides'
      : "each side's labels resampled independently";
  return (
    `Judge-corrected differences (variant − baseline; paired bootstrap over cases and labels, ` +
    `${labels}, ${corrected.replicates} replicates, seed ${corrected.seed})`
  );
}

/**
 * The block's rows (label, value): each judged kind compared, then why labels were resampled apart (when
 * they were), then what the corrected differences conclude.
 */
export function correctedDifferenceRows(corrected: CorrectedDifferences): [string, string][] {
  const rows: [string, string][] = [];
  for (const kind of ['findings', 'absent'] as const) {
    const figures = corrected[kind];
    if (figures) rows.push([CORRECTED_KIND_NAMES[kind], kindValue(figures, corrected)]);
  }
  if (corrected.note) rows.push(['labels', visible(corrected.note)]);
  rows.push(['corrected verdict', `${corrected.verdict}: ${visible(corrected.verdictReason)}`]);
  return rows;
}

/**
 * What follows the verdict under --gate corrected: "on the judge-corrected differences (--gate corrected); the
 * raw figures say better", and the reason when there is no corrected block to give it (a side without labels).
 */
export function gatedVerdictWords(
  doc: Pick<ComparisonDocument, 'gate'> & { corrected?: CorrectedDifferences | undefined },
): string | undefined {
  if (!doc.gate) return undefined;
  const why = doc.corrected ? '' : ` (${visible(doc.gate.reason)})`;
  return `on the judge-corrected differences (--gate corrected)${why}; the raw figures say ${doc.gate.rawVerdict}`;
}
