import { formatInterval, percent } from '../report/format-rate.ts';
import { visible } from '../report/visible.ts';
import type { CountedRate } from '../stats/true-rates.ts';
import type { Agreement, AgreementFigures } from './agreement.ts';
import type { JudgeComparison } from './compare-judges.ts';
import type { FixItem } from './fix-list.ts';
import type { LabelledVerdict, StaleLabel } from './judge-labels.ts';

/** One judge as calibration measured it. */
export interface CalibratedJudge {
  /** "ollama qwen3.5:4b · risen-judge-v1" */
  name: string;
  agreement: Agreement;
  judged: LabelledVerdict[];
}

const KIND_NAMES = { finding: 'findings', absent: 'bait items', rubric: 'rubrics' } as const;
const PART_NAMES: Record<FixItem['target'], string> = {
  role: 'Role',
  instructions: 'Instructions',
  steps: 'Steps',
  expectation: 'Expectation',
  narrowing: 'Narrowing',
  case: 'case file',
};

const pad = (text: string, width: number) => text.padEnd(width);
const flat = (text: string, max = 160) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

/** "TPR 8/8 = 100.0% (95% CI 67.6–100.0%)", or "TPR 0/0". */
export function rate(name: string, r: CountedRate): string {
  if (r.n === 0) return `${name} 0/0`;
  return `${name} ${r.k}/${r.n} = ${percent(r.estimate)} (${formatInterval(r)})`;
}

/** "kappa 0.571 (95% CI 0.105–1.000)", or why there is none. */
export function formatKappa(figures: AgreementFigures): string {
  const { kappa } = figures;
  if (figures.n === 0) return 'kappa n/a (no items)';
  if (Number.isNaN(kappa.kappa)) return 'kappa n/a (judge and people each gave one outcome only)';
  return `kappa ${kappa.kappa.toFixed(3)} (95% CI ${kappa.lower.toFixed(3)} to ${kappa.upper.toFixed(3)})`;
}

function figureLines(label: string, figures: AgreementFigures): string[] {
  return [
    `  ${pad(label, 12)}${rate('agree', figures.agreement)} · ${formatKappa(figures)}`,
    `  ${pad('', 12)}${rate('TPR', figures.rates.tpr)} · ${rate('TNR', figures.rates.tnr)}`,
  ];
}

const outcome = (kind: string, passed: boolean) =>
  kind === 'finding'
    ? passed
      ? 'CAUGHT'
      : 'MISSED'
    : kind === 'absent'
      ? passed
        ? 'NOT FLAGGED'
        : 'FLAGGED'
      : passed
        ? 'MET'
        : 'NOT MET';

function reasonOf(item: LabelledVerdict): string {
  const v = item.verdict;
  return v.status === 'ok' ? v.reasoning : v.status === 'error' ? `judge error: ${v.error}` : `not judged: ${v.reason}`;
}

/** The agreement of one judge: overall, per item kind, per finding; then the disagreements side by side. */
export function agreementLines(judge: CalibratedJudge): string[] {
  const { agreement } = judge;
  const lines = [`Agreement with people (${agreement.overall.n} items; positive = the item passes)`];
  lines.push(...figureLines('all', agreement.overall));
  for (const [kind, figures] of Object.entries(agreement.byKind)) {
    lines.push(...figureLines(KIND_NAMES[kind as keyof typeof KIND_NAMES], figures));
  }
  if (agreement.byFinding.length > 0) {
    lines.push('', 'Per finding');
    const width = Math.max(...agreement.byFinding.map((f) => `${f.caseId}/${f.itemId}`.length)) + 2;
    for (const { caseId, itemId, figures } of agreement.byFinding) {
      const { tpr, tnr } = figures.rates;
      lines.push(
        `  ${pad(`${caseId}/${itemId}`, width)}agree ${figures.agreement.k}/${figures.agreement.n} · TPR ${tpr.k}/${tpr.n} · TNR ${tnr.k}/${tnr.n}`,
      );
    }
  }
  lines.push('', `Disagreements (${agreement.disagreements.length})`);
  for (const { item, judgePassed, personPassed } of agreement.disagreements) {
    const { label } = item;
    lines.push(
      `  ${label.caseId} · ${label.kind} ${label.itemId}: judge ${outcome(label.kind, judgePassed)}, person ${outcome(label.kind, personPassed)}`,
      `    judge   ${flat(reasonOf(item))}`,
      `    person  ${flat(label.note ?? '(no note)')}`,
    );
  }
  if (agreement.unjudged.length > 0) {
    lines.push('', `Not counted: no verdict (${agreement.unjudged.length})`);
    for (const item of agreement.unjudged)
      lines.push(`  ${item.label.caseId} · ${item.label.itemId}: ${flat(reasonOf(item))}`);
  }
  // Reasoning, notes and ids come from the judge, people and case files: each line printed as visible text.
  return lines.map(visible);
}

/** Where people blamed the agent (the prompt part to edit) or the case (the file to edit). */
export function fixLines(fixes: FixItem[]): string[] {
  const lines = [`To fix (${fixes.length})`];
  for (const fix of fixes) {
    const where = fix.target === 'case' ? `${fix.file ?? fix.caseId} · ${fix.itemId}` : `${fix.caseId} · ${fix.itemId}`;
    lines.push(`  ${pad(PART_NAMES[fix.target], 12)}${where}${fix.note ? `: ${flat(fix.note)}` : ''}`);
  }
  return lines.map(visible);
}

export function staleLines(stale: StaleLabel[]): string[] {
  if (stale.length === 0) return [];
  return [
    `Stale labels, left out (${stale.length})`,
    ...stale.map(({ label, reason }) => visible(`  ${label.caseId} · ${label.itemId}: ${reason}`)),
  ];
}

/** Two judges on the same labels, and what the paired test says. */
export function comparisonLines(a: CalibratedJudge, b: CalibratedJudge, comparison: JudgeComparison): string[] {
  const width = Math.max(a.name.length, b.name.length) + 2;
  const side = (tag: string, judge: CalibratedJudge) =>
    `  ${tag}  ${pad(judge.name, width)}${rate('agree', judge.agreement.overall.agreement)} · ${formatKappa(judge.agreement.overall)}`;
  const verdict =
    comparison.better === 'neither'
      ? 'no significant difference at the 5% level'
      : `${comparison.better} agrees better with people (p < 0.05)`;
  return [
    `Two judges on the same labels (${comparison.paired} items both judged)`,
    visible(side('A', a)),
    visible(side('B', b)),
    `  only A right on ${comparison.onlyA}, only B right on ${comparison.onlyB} · exact McNemar p = ${comparison.p.toFixed(3)}`,
    `  verdict: ${verdict}`,
  ];
}
