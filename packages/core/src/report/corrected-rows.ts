/**
 * The judge-corrected figures as the summaries print them (console, viewer, Markdown, JUnit properties), from
 * the stored grade alone. A corrected figure is never shown without the labels behind it.
 */

import type { GradeSummary } from '../grade/grade-schema.ts';
import type { CorrectedFigures, CorrectedRate, JudgeIdentity } from '../schema/corrected.ts';
import { formatInterval, percent } from './format-rate.ts';
import { visible } from './visible.ts';

const judgeName = (judge: JudgeIdentity) =>
  visible(`${judge.model} · ${judge.promptVersion ?? 'prompt version unknown'}`);

function labelWords(rate: CorrectedRate): string {
  const { truePositive: tp, falseNegative: fn, trueNegative: tn, falsePositive: fp } = rate.labels;
  return `${tp + fn + tn + fp} labels (${tp + fn} passing, ${tn + fp} failing)`;
}

/**
 * One kind's line: "findings 50.0% (95% CI 15.2–84.8%), raw 56.7% · 60 labels (30 passing, 30 failing) ·
 * TPR 80.0% TNR 66.7%", or the reason it is not corrected with its label count. Bait items read as the share
 * flagged, as the summary's false positives do: the corrected "not flagged" rate turned over.
 */
function kindLine(name: string, rate: CorrectedRate, flagged: boolean): string {
  const raw = rate.raw.total > 0 ? rate.raw.passed / rate.raw.total : Number.NaN;
  // Too few labels says how many of each it has; any other reason gets the count beside it.
  if (rate.status === 'too-few-labels') return `${name} ${rate.reason}`;
  if (rate.status !== 'corrected') return `${name} ${rate.reason} · ${labelWords(rate)}`;
  const turn = (x: number) => (flagged ? 1 - x : x);
  const interval = flagged ? { lower: 1 - rate.upper, upper: 1 - rate.lower } : rate;
  return (
    `${name} ${percent(turn(rate.estimate))} (${formatInterval(interval)}), raw ${percent(turn(raw))} · ` +
    `${labelWords(rate)} · TPR ${percent(rate.tpr.estimate)} TNR ${percent(rate.tnr.estimate)}`
  );
}

const notAskedYet = (n: number) =>
  `${n} starter ${n === 1 ? 'label' : 'labels'} this judge was not asked about yet (pnpm calibrate asks it)`;

/** The lines of the corrected figures: each judged kind the run had, then which labels were not used. */
export function correctedLines(corrected: CorrectedFigures): string[] {
  const lines: string[] = [];
  if (corrected.findings.raw.total > 0) lines.push(kindLine('findings caught', corrected.findings, false));
  if (corrected.absent.raw.total > 0) lines.push(kindLine('bait flagged', corrected.absent, true));
  const left = [
    ...corrected.otherJudges.map((other) => `${other.labels} of another judge (${judgeName(other)})`),
    corrected.stale ? `${corrected.stale} stale (case changed)` : '',
    corrected.caseWrong ? `${corrected.caseWrong} blaming the case` : '',
    corrected.notAsked ? notAskedYet(corrected.notAsked) : '',
  ].filter(Boolean);
  lines.push(
    `labels of ${judgeName(corrected.judge)}: ${corrected.used} used${left.length ? `; not used: ${left.join(', ')}` : ''}`,
  );
  return lines;
}

/**
 * The summary's corrected rows (label, value), or none: none when no label of the judge that ran was read,
 * so a run whose labels are all another judge's prints as before (its grade and results.json still name them);
 * starter labels the judge was not asked about yet get the line that says how to ask it.
 */
export function correctedRows(grade: Pick<GradeSummary, 'corrected'>): [string, string][] {
  const { corrected } = grade;
  if (!corrected || (corrected.used === 0 && !corrected.notAsked)) return [];
  // Nothing measured yet, only starter labels waiting: one line that says how, not two "needs 10 labels" lines.
  if (corrected.used === 0) return [['judge-corrected', notAskedYet(corrected.notAsked ?? 0)]];
  return correctedLines(corrected).map((line, i) => [i === 0 ? 'judge-corrected' : '', line]);
}
