import { createColors } from 'picocolors';
import type { PriceLookup } from '../cost/cost.ts';
import { resultStanding } from '../grade/case-standing.ts';
import { describeItem } from '../grade/describe-item.ts';
import type { GradeSummary } from '../grade/grade-schema.ts';
import type { CaseResult } from '../schema/result.ts';
import type { Verdict } from '../schema/verdict.ts';
import { lowConfidenceNote } from './confidence-words.ts';
import { conversationLines, turnOf } from './conversation-lines.ts';
import { STANDING_LABEL } from './standing-words.ts';
import { printSummary, type SummaryFacts } from './summary-block.ts';
import { printSuggestions } from './summary-rows.ts';
import { visibleDeep } from './visible.ts';

export interface ConsoleReporterOptions {
  write: (text: string) => void;
  color: boolean;
  /** Characters of the answer to show per case. */
  answerChars?: number;
  /** Prices for the cost line; without them the summary prints no cost. */
  priceOf?: PriceLookup;
  /** Epochs per case; above 1 each case block names its epoch. */
  epochs?: number;
  /** Verdicts whose decision token is less probable than this are marked (default LOW_CONFIDENCE). */
  lowConfidence?: number;
}

function trimAnswer(answer: string, max: number): string {
  const flat = answer.trim().replace(/\s*\n\s*/g, ' ⏎ ');
  if (flat === '') return '(empty)';
  return flat.length > max ? `${flat.slice(0, max)}… (${answer.length} chars)` : flat;
}

/** Prints each case as it completes and the run's summary and suggestions at the end. */
export function consoleReporter(options: ConsoleReporterOptions) {
  const c = createColors(options.color);
  const out = (line = '') => options.write(`${line}\n`);
  const mark = (ok: boolean, yes: string, no: string) => (ok ? c.green(yes) : c.red(no));

  /** A verdict's label and item, then its reasoning, error or skip reason, and a note on a turn dropped. */
  function verdictLines(result: CaseResult, verdict: Verdict): string[] {
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
    const unsure = lowConfidenceNote(verdict, options.lowConfidence);
    const lines = [
      `${label} ${verdict.kind === 'finding' ? verdict.itemId : what}${severity ? c.dim(` (${severity})`) : ''}` +
        (unsure ? ` ${c.yellow(`[${unsure}]`)}` : ''),
    ];
    if (verdict.status === 'ok') lines.push(`  ${c.dim(verdict.reasoning)}`);
    if (verdict.status === 'ok' && verdict.turnNote) lines.push(`  ${c.yellow(verdict.turnNote)}`);
    if (verdict.status === 'error') {
      lines.push(`  ${verdict.error}`);
      if (verdict.raw !== undefined) lines.push(`  raw: ${c.dim(JSON.stringify(verdict.raw.slice(0, 200)))}`);
    }
    if (verdict.status === 'skipped') lines.push(`  ${c.dim(verdict.reason)}`);
    return lines;
  }

  function caseResult(received: CaseResult): void {
    const result = visibleDeep(received);
    const { transcript } = result;
    const standing = resultStanding(result);
    const status = STANDING_LABEL[standing];
    const paint = standing === 'passed' ? c.green : standing === 'failed' ? c.red : c.yellow;
    const epoch = (options.epochs ?? 1) > 1 ? ` ${c.dim(`[epoch ${result.epoch + 1}/${options.epochs}]`)}` : '';
    out(`${c.bold(`━━ ${result.case.id}`)} ${c.dim(result.case.name)}${epoch}  ${paint(c.bold(status))}`);
    // A conversation is shown turn by turn; its answer (the last reply) and tools are among its turns.
    const chat = conversationLines(transcript, 160, (turn) =>
      result.verdicts
        .filter((verdict) => turnOf(verdict) === turn)
        .flatMap((verdict) => verdictLines(result, verdict).map((line, j) => `${j === 0 ? '▸ ' : '  '}${line}`)),
    );
    for (const line of chat) out(`  ${line.startsWith('user ') ? c.cyan(line) : line}`);
    if (chat.length === 0) out(`  answer   ${c.dim(trimAnswer(transcript.answer, options.answerChars ?? 300))}`);
    if (transcript.answerCut !== undefined) {
      const kept = transcript.answer.length;
      out(`  cut      ${c.yellow(`the answer was cut to its first ${kept} of ${transcript.answerCut} characters`)}`);
    }
    if (transcript.sample)
      out(`  source   ${c.yellow('hand-written sample from the pack fixtures, not a model answer')}`);
    const tools = transcript.toolCalls.map(
      (call) => `${call.name}(${JSON.stringify(call.arguments)})${call.error === undefined ? '' : c.yellow(' ✗')}`,
    );
    if (chat.length === 0) out(`  tools    ${tools.join(', ') || 'none'}`);
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
    // A verdict on a conversation that rests on one turn was printed at that turn; the rest follow here.
    const atNoTurn = chat.length === 0 ? result.verdicts : result.verdicts.filter((v) => turnOf(v) === undefined);
    for (const verdict of atNoTurn) for (const line of verdictLines(result, verdict)) out(`    ${line}`);
    out();
  }

  /**
   * The run's summary and suggestions, rendered from its grade (gradeRun under the run's settings, or as
   * the store kept it); `rows` are the caller's own label/value lines (model calls), printed before the
   * gates. Returns the grade it printed.
   */
  function summary<G extends GradeSummary>(facts: SummaryFacts, rows: [label: string, value: string][], grade: G): G {
    const write = (line = '') => out(line);
    printSummary(write, grade, facts, {
      repeated: false,
      rows,
      color: options.color,
      ...(options.priceOf && { priceOf: options.priceOf }),
    });
    printSuggestions(write, c, grade.suggestions);
    return grade;
  }

  return { caseResult, summary };
}
