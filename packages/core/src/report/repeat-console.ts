import { createColors } from 'picocolors';
import type { GradableRun } from '../grade/case-record.ts';
import { gradeRun, type RunGrade } from '../grade/grade-run.ts';
import { type CaseTally, countItems, type ItemTally } from '../grade/reduce-epochs.ts';
import type { RepeatPolicy } from '../schema/repeat-policy.ts';
import type { PriceLookup } from './cost.ts';
import { flagged, formatInterval, formatRate } from './format-rate.ts';
import { summarizeRepeats } from './repeat-summary.ts';
import { itemsNotJudged, STANDING_LABEL, structuralOnlyNote } from './standing-words.ts';
import { summarizeRun } from './summary.ts';
import { gateRows, printSuggestions, spendRows, tokenLine } from './summary-rows.ts';
import { visible, visibleRun } from './visible.ts';

export interface RepeatReporterOptions {
  write: (text: string) => void;
  color: boolean;
  /** Prices for the cost line; without them the summary prints no cost. */
  priceOf?: PriceLookup;
}

const VERB = { check: 'passed', finding: 'caught', absent: 'not flagged', rubric: 'met' } as const;

/** "finding nosql-injection", 'check "Summary table"', 'must not flag "the test key"'. */
export function itemTitle(item: Pick<ItemTally, 'kind' | 'label'>): string {
  if (item.kind === 'finding') return `finding ${item.label}`;
  if (item.kind === 'check') return `check "${item.label}"`;
  if (item.kind === 'absent') return `must not flag "${item.label}"`;
  return 'rubric';
}

/** "caught 2/3", with judge errors and skipped epochs named so the denominator is never a mystery. */
export function itemCount(item: ItemTally): string {
  const extra = [
    item.errors ? `${item.errors} judge error${item.errors === 1 ? '' : 's'}` : '',
    item.skipped ? `${item.skipped} not judged` : '',
  ].filter(Boolean);
  return `${VERB[item.kind]} ${item.passed}/${item.graded}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}

/** The end of a repeated run: each case reduced by its policy, the summary with intervals, flaky items. */
export function repeatReporter(options: RepeatReporterOptions) {
  const c = createColors(options.color);
  const out = (line = '') => options.write(`${line}\n`);
  const row = (label: string, value: string) => out(`  ${label.padEnd(16)}${value}`);

  // The grade holds the run's text as it was: what is printed of it is made visible here.
  function perCase(tallies: readonly CaseTally[], policy: RepeatPolicy): void {
    const width = Math.max(...tallies.map((tally) => visible(tally.case.id).length));
    out(c.bold(`Per case over ${Math.max(...tallies.map((tally) => tally.epochs))} epochs`));
    for (const tally of tallies) {
      const structural = countItems(tally, 'check');
      const findings = countItems(tally, 'finding');
      const absent = countItems(tally, 'absent');
      const parts = [
        structural.total ? `structural ${structural.passed}/${structural.total}` : '',
        findings.total ? `findings ${findings.passed}/${findings.total}` : '',
        absent.total ? `false positives ${absent.total - absent.passed}` : '',
        tally.status === 'structural-only' ? itemsNotJudged(tally.notJudged) : '',
        tally.policy === policy ? '' : `policy ${tally.policy}`,
      ].filter(Boolean);
      const status = STANDING_LABEL[tally.status];
      const paint = tally.status === 'passed' ? c.green : tally.status === 'failed' ? c.red : c.yellow;
      out(`  ${visible(tally.case.id).padEnd(width)}  ${paint(status.padEnd(5))} ${parts.join(' · ')}`);
      for (const item of tally.items) {
        if (item.verdict === 'failed') out(`    ${c.red('FAIL')} ${visible(itemTitle(item))}: ${itemCount(item)}`);
      }
    }
    out();
  }

  /**
   * `rows` are the caller's own label/value lines (model calls), printed after the counts; `grade` the
   * run's grade as gradeRun gave it under the run's settings: its policy (cases with their own are marked)
   * and pass-rate gate; else the run is graded here under the default policy. Returns the grade it printed.
   */
  function summary(
    received: GradableRun,
    rows: [label: string, value: string][] = [],
    grade: RunGrade = gradeRun(received),
  ): RunGrade {
    const run = visibleRun(received);
    perCase(grade.cases, grade.policy);
    const s = summarizeRepeats(grade.cases);
    const totals = summarizeRun(run);
    out(c.bold(`Summary · ${s.epochs} epochs per case · policy ${grade.policy}`));
    out(c.dim('  counts are items under the policy; rates are per epoch with 95% Wilson intervals clustered by case'));
    const errors = s.cases.errors ? `, ${s.cases.errors} with errors` : '';
    const unjudged = structuralOnlyNote(s.cases.structuralOnly);
    row('cases', `${s.cases.passed}/${s.cases.total} passed${unjudged}${errors} (${formatInterval(s.cases)})`);
    if (s.structural.items > 0) {
      row(
        'structural',
        `${s.structural.itemsPassed}/${s.structural.items} checks passed · epochs ${formatRate(s.structural.samples)}`,
      );
    }
    if (s.findings.items > 0) {
      row(
        'findings',
        `${s.findings.itemsPassed}/${s.findings.items} caught · epochs ${formatRate(s.findings.samples)}`,
      );
    }
    if (s.absent.items > 0) {
      row(
        'false positives',
        `${s.absent.items - s.absent.itemsPassed} · epochs flagged ${formatRate(flagged(s.absent.samples))}`,
      );
    }
    row('flaky', s.flaky.length === 0 ? '0' : `${s.flaky.length} (listed below)`);
    if (run.judge) row('judge errors', String(totals.judgeErrors));
    if (totals.agentErrors > 0) row('agent errors', String(totals.agentErrors));
    row('tokens', tokenLine(totals));
    for (const [label, value] of spendRows(run, options.priceOf)) row(label, value);
    if (run.notStarted) row('not started', `${run.notStarted.length} case epochs (a budget ran out)`);
    for (const [label, value] of [...rows, ...gateRows(grade)]) row(label, value);
    if (s.flaky.length > 0) {
      out();
      out(c.bold('Flaky (passed in some epochs, failed in others)'));
      for (const { caseId, policy, item } of s.flaky) {
        const verdict = item.verdict === 'passed' ? c.green('passes') : c.red('fails');
        out(`  ${visible(caseId)}  ${visible(itemTitle(item))}: ${itemCount(item)} → ${verdict} under ${policy}`);
      }
    }
    printSuggestions(out, c, grade.suggestions);
    return grade;
  }

  return { summary };
}
