import { createColors } from 'picocolors';
import type { PriceLookup } from '../cost/cost.ts';
import type { GradeSummary, PassKFigures } from '../grade/grade-schema.ts';
import type { ModelRef } from '../schema/result.ts';
import { wilsonInterval } from '../stats/wilson.ts';
import { lowConfidenceRow } from './confidence-words.ts';
import { correctedRows } from './corrected-rows.ts';
import { flagged, formatInterval, formatRate, percent } from './format-rate.ts';
import { itemCount, itemTitle } from './item-words.ts';
import { structuralOnlyNote } from './standing-words.ts';
import { gateRows, spendRows, tokenLine } from './summary-rows.ts';
import { visible } from './visible.ts';

/** What a summary says of the run beyond its grade: the models it ran (for the cost row and the judge rows). */
export interface SummaryFacts {
  agent: ModelRef;
  judge?: ModelRef;
  /** The simulated user of conversation cases: priced on the cost row as a third role. */
  user?: ModelRef;
}

export interface SummaryOptions {
  /** The repeated run's block (per-case counts under the policy, per-epoch rates) instead of one epoch's. */
  repeated: boolean;
  /** The caller's own label/value rows (model calls, a recorded cost), printed before the gates. */
  rows?: [label: string, value: string][];
  /** Prices for the cost row; without them the summary prints no cost. */
  priceOf?: PriceLookup;
  color?: boolean;
}

type Out = (line?: string) => void;
type Colors = ReturnType<typeof createColors>;

function findingsRow(grade: GradeSummary): string {
  const f = grade.figures.totals.findings;
  const unjudged = [
    f.notJudged ? `${f.notJudged} not judged` : '',
    f.errors ? `${f.errors} judge error${f.errors === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  if (f.judged === 0) return `n/a: 0 of ${f.total} judged (${unjudged.join(', ')})`;
  const rest = unjudged.length ? `; ${unjudged.join(', ')}` : '';
  return `${f.passed}/${f.judged} caught (${formatInterval(grade.figures.perResult.findings)})${rest}`;
}

function oneEpoch(row: (label: string, value: string) => void, out: Out, c: Colors, grade: GradeSummary): void {
  const s = grade.figures.totals;
  out(c.bold('Summary'));
  const cases = wilsonInterval(s.cases.passed, s.cases.total);
  const errors = s.errors ? `, ${s.errors} with errors` : '';
  const notStarted = s.notStarted ? `, ${s.notStarted} not started` : '';
  row(
    'cases',
    `${s.cases.passed}/${s.cases.total} passed${structuralOnlyNote(s.structuralOnly)}${errors} (${percent(cases.estimate)}, ${formatInterval(cases)})${notStarted}`,
  );
  if (s.structural.total > 0) {
    const structural = grade.figures.perResult.structural;
    row('structural', `${s.structural.passed}/${s.structural.total} checks passed (${formatInterval(structural)})`);
  }
  if (s.findings.total > 0) row('findings', findingsRow(grade));
}

function overEpochs(row: (label: string, value: string) => void, out: Out, c: Colors, grade: GradeSummary): void {
  const s = grade.figures.perCase;
  out(c.bold(`Summary · ${s.epochs} epochs per case · policy ${grade.policy}`));
  out(c.dim('  counts are items under the policy; rates are per epoch with 95% Wilson intervals clustered by case'));
  const errors = s.cases.errors ? `, ${s.cases.errors} with errors` : '';
  const unjudged = structuralOnlyNote(s.cases.structuralOnly);
  row('cases', `${s.cases.passed}/${s.cases.total} passed${unjudged}${errors} (${formatInterval(s.cases)})`);
  for (const [label, value] of passKRows(grade)) row(label, value);
  if (s.structural.items > 0) {
    row(
      'structural',
      `${s.structural.itemsPassed}/${s.structural.items} checks passed · epochs ${formatRate(s.structural.samples)}`,
    );
  }
  if (s.findings.items > 0) {
    row('findings', `${s.findings.itemsPassed}/${s.findings.items} caught · epochs ${formatRate(s.findings.samples)}`);
  }
  if (s.absent.items > 0) {
    row(
      'false positives',
      `${s.absent.items - s.absent.itemsPassed} · epochs flagged ${formatRate(flagged(s.absent.samples))}`,
    );
  }
  row('flaky', s.flaky.length === 0 ? '0' : `${s.flaky.length} (listed below)`);
}

/**
 * pass@1 and pass^k beside it (pass-k.ts), means over cases with their bootstrap intervals; the headline
 * one marked when the pack makes pass^k its headline. None for one epoch.
 */
export function passKRows(grade: Pick<GradeSummary, 'figures' | 'headline'>): [label: string, value: string][] {
  const passK = grade.figures.perCase.passK;
  if (!passK) return [];
  const mean = (figure: PassKFigures['passAt1']) =>
    figure.cases === 0
      ? 'n/a: no case was graded in enough epochs'
      : `${percent(figure.estimate)} (${formatInterval(figure)}) mean of ${figure.cases} case${figure.cases === 1 ? '' : 's'}`;
  const headline = grade.headline === 'pass^k' ? ' · headline' : '';
  return [
    ['pass@1', mean(passK.passAt1)],
    [`pass^${passK.k}`, `${mean(passK.passHatK)} · all ${passK.k} tries pass${headline}`],
  ];
}

/**
 * The Summary block of a run, rendered from its grade alone: the counts, the judge and agent errors, the
 * tokens and spend, the caller's rows and the gates; over epochs, the flaky items after it. No result is
 * read and nothing is graded here, so the console at the end of a run, the viewer and the HTML report print
 * the same lines from the same grade. (The case blocks and the suggestions are the caller's.)
 */
export function printSummary(out: Out, grade: GradeSummary, facts: SummaryFacts, options: SummaryOptions): void {
  const c = createColors(options.color ?? false);
  const row = (label: string, value: string) => out(`  ${label.padEnd(16)}${value}`);
  const models = {
    agent: { backend: visible(facts.agent.backend), model: visible(facts.agent.model) },
    ...(facts.judge && { judge: { backend: visible(facts.judge.backend), model: visible(facts.judge.model) } }),
    ...(facts.user && { user: { backend: visible(facts.user.backend), model: visible(facts.user.model) } }),
  };
  const totals = grade.figures.totals;
  if (options.repeated) overEpochs(row, out, c, grade);
  else oneEpoch(row, out, c, grade);
  for (const [label, value] of correctedRows(grade)) row(label, value);
  if (options.repeated) {
    if (facts.judge) row('judge errors', String(totals.judgeErrors));
  } else if (facts.judge) {
    row('false positives', String(totals.falsePositives));
    row('judge errors', String(totals.judgeErrors));
  }
  const lowConfidence = lowConfidenceRow(totals.confidence);
  if (lowConfidence) row('low confidence', lowConfidence);
  if (totals.agentErrors > 0) row('agent errors', String(totals.agentErrors));
  row('tokens', tokenLine(totals));
  for (const [label, value] of spendRows(models, totals, options.priceOf)) row(label, value);
  if (options.repeated && grade.notStarted > 0)
    row('not started', `${grade.notStarted} case epochs (a budget ran out)`);
  for (const [label, value] of [...(options.rows ?? []), ...gateRows(grade)]) row(label, value);
  const flaky = grade.figures.perCase.flaky;
  if (options.repeated && flaky.length > 0) {
    out();
    out(c.bold('Flaky (passed in some epochs, failed in others)'));
    for (const { caseId, policy, item } of flaky) {
      const verdict = item.verdict === 'passed' ? c.green('passes') : c.red('fails');
      out(`  ${visible(caseId)}  ${visible(itemTitle(item))}: ${itemCount(item)} → ${verdict} under ${policy}`);
    }
  }
}

/** The Summary block as plain text (no colour), as the viewer and the HTML report show it. */
export function summaryText(grade: GradeSummary, facts: SummaryFacts, options: Omit<SummaryOptions, 'color'>): string {
  const lines: string[] = [];
  printSummary((line = '') => lines.push(line), grade, facts, options);
  return lines.join('\n');
}
