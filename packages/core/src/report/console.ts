import { createColors } from 'picocolors';
import type { CaseRecord, GradableRun } from '../grade/case-record.ts';
import { resultStanding } from '../grade/case-standing.ts';
import { describeItem } from '../grade/describe-item.ts';
import { gradeRun, type RunGrade } from '../grade/grade-run.ts';
import type { CaseResult } from '../schema/result.ts';
import { clusteredRate } from '../stats/clustered.ts';
import { wilsonInterval } from '../stats/wilson.ts';
import type { PriceLookup } from './cost.ts';
import { formatInterval, percent } from './format-rate.ts';
import { STANDING_LABEL, structuralOnlyNote } from './standing-words.ts';
import { type RunSummary, summarizeRun } from './summary.ts';
import { gateRows, printSuggestions, spendRows, tokenLine } from './summary-rows.ts';
import { visibleDeep, visibleRun } from './visible.ts';

export interface ConsoleReporterOptions {
  write: (text: string) => void;
  color: boolean;
  /** Characters of the answer to show per case. */
  answerChars?: number;
  /** Prices for the cost line; without them the summary prints no cost. */
  priceOf?: PriceLookup;
  /** Epochs per case; above 1 each case block names its epoch. */
  epochs?: number;
}

function trimAnswer(answer: string, max: number): string {
  const flat = answer.trim().replace(/\s*\n\s*/g, ' ⏎ ');
  if (flat === '') return '(empty)';
  return flat.length > max ? `${flat.slice(0, max)}… (${answer.length} chars)` : flat;
}

function findingsRow(records: readonly CaseRecord[], f: RunSummary['findings']): string {
  const unjudged = [
    f.notJudged ? `${f.notJudged} not judged` : '',
    f.errors ? `${f.errors} judge error${f.errors === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  if (f.judged === 0) return `n/a: 0 of ${f.total} judged (${unjudged.join(', ')})`;
  // Only verdicts the judge gave count: a judge error or an item not judged is no evidence of a miss.
  const rate = clusteredRate(
    records.map((r) => ({ passed: r.figures.findingsCaught, total: r.figures.findingsJudged })),
  );
  const rest = unjudged.length ? `; ${unjudged.join(', ')}` : '';
  return `${f.passed}/${f.judged} caught (${formatInterval(rate)})${rest}`;
}

/** Prints each case as it completes and the run's summary and suggestions at the end. */
export function consoleReporter(options: ConsoleReporterOptions) {
  const c = createColors(options.color);
  const out = (line = '') => options.write(`${line}\n`);
  const mark = (ok: boolean, yes: string, no: string) => (ok ? c.green(yes) : c.red(no));

  function caseResult(received: CaseResult): void {
    const result = visibleDeep(received);
    const { transcript } = result;
    const standing = resultStanding(result);
    const status = STANDING_LABEL[standing];
    const paint = standing === 'passed' ? c.green : standing === 'failed' ? c.red : c.yellow;
    const epoch = (options.epochs ?? 1) > 1 ? ` ${c.dim(`[epoch ${result.epoch + 1}/${options.epochs}]`)}` : '';
    out(`${c.bold(`━━ ${result.case.id}`)} ${c.dim(result.case.name)}${epoch}  ${paint(c.bold(status))}`);
    out(`  answer   ${c.dim(trimAnswer(transcript.answer, options.answerChars ?? 300))}`);
    if (transcript.answerCut !== undefined) {
      const kept = transcript.answer.length;
      out(`  cut      ${c.yellow(`the answer was cut to its first ${kept} of ${transcript.answerCut} characters`)}`);
    }
    if (transcript.sample)
      out(`  source   ${c.yellow('hand-written sample from the pack fixtures, not a model answer')}`);
    const tools = transcript.toolCalls.map(
      (call) => `${call.name}(${JSON.stringify(call.arguments)})${call.error === undefined ? '' : c.yellow(' ✗')}`,
    );
    out(`  tools    ${tools.join(', ') || 'none'}`);
    for (const call of transcript.toolCalls) {
      if (call.error !== undefined) out(`  ${c.yellow('tool error')} ${call.name}: ${call.error}`);
    }
    if (transcript.error) out(`  ${c.yellow('agent error')} ${transcript.error}`);
    if (transcript.turnLimitReached) out(`  ${c.yellow('stopped')}  at the turn limit after ${transcript.turns} turns`);
    if (result.checks.length > 0) {
      out(`  structural ${result.checks.filter((check) => check.passed).length}/${result.checks.length}`);
      for (const check of result.checks) {
        out(`    ${mark(check.passed, 'PASS', 'FAIL')} ${check.name} ${c.dim(`[${check.part}]`)} — ${check.detail}`);
      }
    }
    for (const verdict of result.verdicts) {
      const what = describeItem(result.case, verdict);
      const label =
        verdict.status === 'error'
          ? c.yellow('JUDGE ERROR')
          : verdict.status === 'skipped'
            ? c.dim('NOT JUDGED')
            : verdict.kind === 'finding'
              ? mark(verdict.passed, 'CAUGHT', 'MISSED')
              : verdict.kind === 'absent'
                ? mark(verdict.passed, 'NOT FLAGGED', 'FALSE POSITIVE')
                : mark(verdict.passed, 'RUBRIC MET', 'RUBRIC FAILED');
      const severity = result.case.expectedFindings.find((f) => f.id === verdict.itemId)?.severity;
      out(
        `    ${label} ${verdict.kind === 'finding' ? verdict.itemId : what}${severity ? c.dim(` (${severity})`) : ''}`,
      );
      if (verdict.status === 'ok') out(`      ${c.dim(verdict.reasoning)}`);
      if (verdict.status === 'error') {
        out(`      ${verdict.error}`);
        if (verdict.raw !== undefined) out(`      raw: ${c.dim(JSON.stringify(verdict.raw.slice(0, 200)))}`);
      }
      if (verdict.status === 'skipped') out(`      ${c.dim(verdict.reason)}`);
    }
    out();
  }

  /**
   * `rows` are the caller's own label/value lines (model calls), printed after the counts; `grade` the
   * run's grade as gradeRun gave it under the run's settings (its pass-rate gate row follows the caller's
   * rows), else the run is graded here under the default policy. Returns the grade it printed.
   */
  function summary(
    received: GradableRun,
    rows: [label: string, value: string][] = [],
    grade: RunGrade = gradeRun(received),
  ): RunGrade {
    const run = visibleRun(received);
    const s = summarizeRun(run);
    const row = (label: string, value: string) => out(`  ${label.padEnd(16)}${value}`);
    out(c.bold('Summary'));
    const cases = wilsonInterval(s.cases.passed, s.cases.total);
    const errors = s.errors ? `, ${s.errors} with errors` : '';
    const notStarted = s.notStarted ? `, ${s.notStarted} not started` : '';
    row(
      'cases',
      `${s.cases.passed}/${s.cases.total} passed${structuralOnlyNote(s.structuralOnly)}${errors} (${percent(cases.estimate)}, ${formatInterval(cases)})${notStarted}`,
    );
    if (s.structural.total > 0) {
      const structural = clusteredRate(
        run.cases.map((r) => ({ passed: r.figures.checksPassed, total: r.figures.checks })),
      );
      row('structural', `${s.structural.passed}/${s.structural.total} checks passed (${formatInterval(structural)})`);
    }
    if (s.findings.total > 0) row('findings', findingsRow(run.cases, s.findings));
    if (run.judge) {
      row('false positives', String(s.falsePositives));
      row('judge errors', String(s.judgeErrors));
    }
    if (s.agentErrors > 0) row('agent errors', String(s.agentErrors));
    row('tokens', tokenLine(s));
    for (const [label, value] of spendRows(run, options.priceOf)) row(label, value);
    for (const [label, value] of [...rows, ...gateRows(grade)]) row(label, value);
    printSuggestions(out, c, grade.suggestions);
    return grade;
  }

  return { caseResult, summary };
}
