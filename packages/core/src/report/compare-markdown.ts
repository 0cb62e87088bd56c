import type { CaseChange, ComparedRun, ComparisonDocument } from '../compare/comparison-schema.ts';
import { casesNeeded, formatP } from './compare-console.ts';
import { compareFigureRows } from './compare-figure-rows.ts';
import { correctedDifferenceHeading, correctedDifferenceRows, gatedVerdictWords } from './corrected-difference-rows.ts';
import { percent, points } from './format-rate.ts';
import { markdownCell, markdownText } from './markdown.ts';
import { visible } from './visible.ts';

/** GitHub's limit on one comment (GitLab's is larger): the Markdown always stays below it. */
export const COMMENT_LIMIT = 65_536;

export interface CompareMarkdownOptions {
  /** Where the whole comparison is, named when the comment had to be cut (default: comparison.html beside it). */
  fullReport?: string;
  /** The most characters the comment may have (default: just under COMMENT_LIMIT). */
  limit?: number;
}

const ICON: Record<CaseChange['outcome'], string> = {
  improved: '🟢',
  regressed: '🔴',
  mixed: '🟡',
  errors: '⚠️',
  unchanged: '⚪',
};

/** A marker value reduced to characters that cannot end the HTML comment (no `>`, no `--`). */
const markerValue = (text: string) => text.replace(/[^\w.:/@+-]/g, '_').replace(/-{2,}/g, '-');

/** A ref in the marker: the run's tag, else its variant name. */
const markerRef = (run: ComparedRun) => markerValue(run.tag ?? run.variant);

/**
 * The line a CI step finds its earlier comment by (and updates it instead of adding one per push):
 * the pack and the compared refs, never run numbers, so it is the same on every push of a pull request.
 */
export function compareMarker(doc: Pick<ComparisonDocument, 'pack' | 'baseline' | 'variant'>): string {
  const pack = markerValue(doc.pack);
  return `<!-- evalpacks-compare pack=${pack} base=${markerRef(doc.baseline.run)} head=${markerRef(doc.variant.run)} -->`;
}

const ratio = (t: { passed: number; total: number }) => (t.total > 0 ? `${t.passed}/${t.total}` : '–');

function differenceLine(doc: ComparisonDocument): string {
  const d = doc.difference;
  if (d.clusters === 0) return 'difference: none measured, no item was graded on both sides';
  const interval =
    d.lower !== null && d.upper !== null
      ? `95% CI ${points(d.lower)} to ${points(d.upper)} points`
      : 'no interval from a single case';
  return `difference **${points(d.mean)} points** (${interval})`;
}

function detectableLine(doc: ComparisonDocument): string {
  const { difference, smallestP } = doc.detectable;
  const n = doc.difference.clusters;
  if (difference === null) {
    return `detectable: nothing, with ${n} cases no difference can reach p < ${doc.alpha} (smallest possible p ${formatP(smallestP)}); use at least ${casesNeeded(doc.alpha)} cases`;
  }
  return `detectable: ±${points(Math.min(1, difference)).slice(1)} points or more at 80% power with ${n} cases`;
}

/** With a pass^k headline, the figure the verdict rests on, said first. */
function passKLines(doc: ComparisonDocument): string[] {
  const p = doc.passK;
  if (!p) return [];
  const ci =
    p.difference.lower === null || p.difference.upper === null
      ? 'no interval from a single case'
      : `95% CI ${points(p.difference.lower)} to ${points(p.difference.upper)} points`;
  return [
    `The verdict rests on **pass^${p.k}** (the pack's headline): ${percent(p.baseline)} → ${percent(p.variant)} over ` +
      `${p.cases} paired cases, ${points(p.difference.mean)} points (${ci}), permutation p ${formatP(p.pValue)}`,
    '',
  ];
}

/** The judge-corrected differences, when both sides were graded with labels: a table beside the figures. */
function correctedLines(doc: ComparisonDocument): string[] {
  if (!doc.corrected) return [];
  return [
    `**${markdownText(correctedDifferenceHeading(doc.corrected))}**`,
    '',
    '| judged kind | difference |',
    '|---|---|',
    ...correctedDifferenceRows(doc.corrected).map(([label, value]) => `| ${label} | ${markdownCell(value)} |`),
    '',
  ];
}

function headLines(doc: ComparisonDocument): string[] {
  const [b, v] = [doc.baseline, doc.variant];
  const side = (s: typeof b) => `${markdownCell(s.run.label)} (run ${s.run.id})`;
  const rows = compareFigureRows(doc);
  // A code span as the run's summary.md writes it: no escape is read inside one, so only its backticks go.
  const code = (raw: string) => `\`${visible(raw).replace(/`/g, "'")}\``;
  const judge = doc.judge ? code(`${doc.judge.backend} ${doc.judge.model}`) : 'none (structural only)';
  const errored = doc.errored.baseline + doc.errored.variant;
  return [
    compareMarker(doc),
    `## evalpacks compare · ${markdownText(doc.pack)} · ${markdownText(b.run.label)} → ${markdownText(v.run.label)}`,
    '',
    `**Verdict: ${doc.verdict}**${doc.gate ? ` ${markdownText(gatedVerdictWords(doc) ?? '')}` : ''} · ${differenceLine(doc)}`,
    '',
    ...passKLines(doc),
    `${detectableLine(doc)} · permutation test p ${formatP(doc.permutation.pValue)} over ${doc.difference.clusters} cases · ` +
      `exact McNemar p ${formatP(doc.mcnemar.pValue)} (${doc.mcnemar.gained} gained, ${doc.mcnemar.lost} lost)` +
      (errored > 0
        ? ` · agent or judge errors in ${doc.errored.baseline} baseline and ${doc.errored.variant} variant cases`
        : ''),
    '',
    `| 95% intervals clustered by case | ${side(b)} | ${side(v)} |`,
    '|---|---|---|',
    ...rows.map(([label, left, right]) => `| ${label} | ${left} | ${right} |`),
    '',
    ...correctedLines(doc),
    `judge ${judge} (both sides) · ${doc.epochs} epoch${doc.epochs === 1 ? '' : 's'} · policy ${markdownText(doc.policy)}` +
      (doc.split === 'all' ? '' : ` · split ${markdownText(doc.split)}`),
    '',
  ];
}

const changed = (c: CaseChange) => c.outcome !== 'unchanged';

function caseRow(c: CaseChange): string {
  const gained = c.changes.filter((x) => x.change === 'gained').length;
  const lost = c.changes.length - gained;
  const errors = c.errors.baseline.length + c.errors.variant.length;
  const said = [gained && `${gained} gained`, lost && `${lost} lost`, errors && `${errors} errors`].filter(Boolean);
  return (
    `| ${ICON[c.outcome]} | ${markdownCell(c.caseId)} | ${ratio(c.structural.baseline)} → ${ratio(c.structural.variant)} | ` +
    `${ratio(c.findings.baseline)} → ${ratio(c.findings.variant)} | ${c.falsePositives.baseline} → ${c.falsePositives.variant} | ${said.join(', ')} |`
  );
}

function caseDetails(c: CaseChange): string {
  const line = (raw: string) => markdownText(raw).replace(/\r?\n/g, ' ');
  return [
    `<details><summary>${ICON[c.outcome]} ${markdownCell(c.caseId)}: ${markdownCell(c.name)}</summary>`,
    '',
    ...c.changes.map(
      (x) =>
        `- ${x.words}: ${line(x.label)} (${x.baseline.passed}/${x.baseline.graded} → ${x.variant.passed}/${x.variant.graded})`,
    ),
    ...c.errors.baseline.map((e) => `- baseline error: ${line(e)}`),
    ...c.errors.variant.map((e) => `- variant error: ${line(e)}`),
    ...(c.unpaired > 0 ? [`- not compared: ${c.unpaired} items graded on one side only`] : []),
    '',
    '</details>',
    '',
  ].join('\n');
}

/**
 * The comparison as a pull-request comment: the marker, the verdict and the difference with its interval,
 * both sides' rates, a table of the cases that changed, then each changed case folded in `<details>`. Always
 * under the limit: details are left out from the end first, then table rows, and one line says how much was
 * cut and where the whole comparison is.
 */
export function compareMarkdown(doc: ComparisonDocument, options: CompareMarkdownOptions = {}): string {
  const limit = options.limit ?? COMMENT_LIMIT - 1;
  const full = options.fullReport ?? 'comparison.html and comparison.json beside this file';
  const head = headLines(doc).join('\n');
  const cases = doc.cases.filter(changed);
  if (cases.length === 0) return `${head}\nNo case changed.\n`;
  const tableHead = `### Cases that changed (${cases.length} of ${doc.cases.length})\n\n| | case | structural | findings | false positives | items |\n|---|---|---|---|---|---|\n`;
  const rows = cases.map((c) => `${caseRow(c)}\n`);
  const details = cases.map((c) => caseDetails(c));
  const whole = `${head}\n${tableHead}${rows.join('')}\n${details.join('\n')}`;
  if (whole.length <= limit) return whole;

  // Room for the cut line, which is short; then as many rows, and after them details, as fit.
  const room = limit - head.length - tableHead.length - 600;
  let used = 0;
  let keptRows = 0;
  while (keptRows < rows.length && used + (rows[keptRows] as string).length <= room)
    used += (rows[keptRows++] as string).length;
  let keptDetails = 0;
  while (keptDetails < keptRows && used + (details[keptDetails] as string).length + 1 <= room)
    used += (details[keptDetails++] as string).length + 1;
  const body = `${head}\n${tableHead}${rows.slice(0, keptRows).join('')}\n${details.slice(0, keptDetails).join('\n')}`;
  const cut = whole.length - body.length;
  const said = [
    keptRows < rows.length && `${rows.length - keptRows} of ${rows.length} table rows`,
    `${details.length - keptDetails} of ${details.length} case details`,
  ].filter(Boolean);
  return `${body}\n> ✂️ **Cut to fit a comment:** ${said.join(' and ')} left out (${cut} characters). The whole comparison is in ${markdownText(full)}.\n`;
}
