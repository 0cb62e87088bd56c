import { createColors } from 'picocolors';
import { describeItem } from '../runner/case-outcome.ts';
import type { CaseResult, RunResult } from '../schema/result.ts';
import { describeCost, estimateCost, type PriceLookup } from './cost.ts';
import { suggestionsFor } from './suggestions.ts';
import { summarizeRun } from './summary.ts';

export interface ConsoleReporterOptions {
  write: (text: string) => void;
  color: boolean;
  /** Characters of the answer to show per case. */
  answerChars?: number;
  /** Prices for the cost line; without them the summary prints no cost. */
  priceOf?: PriceLookup;
}

const STATUS_LABEL = { passed: 'PASS', failed: 'FAIL', error: 'ERROR' } as const;

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

  function caseResult(result: CaseResult): void {
    const { transcript } = result;
    const status = STATUS_LABEL[result.status];
    const paint = result.status === 'passed' ? c.green : result.status === 'failed' ? c.red : c.yellow;
    out(`${c.bold(`━━ ${result.case.id}`)} ${c.dim(result.case.name)}  ${paint(c.bold(status))}`);
    out(`  answer   ${c.dim(trimAnswer(transcript.answer, options.answerChars ?? 300))}`);
    const tools = transcript.toolCalls.map((call) => `${call.name}(${JSON.stringify(call.arguments)})`);
    out(`  tools    ${tools.join(', ') || 'none'}`);
    if (transcript.error) out(`  ${c.yellow('agent error')} ${transcript.error}`);
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

  function summary(run: RunResult): void {
    const s = summarizeRun(run);
    const row = (label: string, value: string) => out(`  ${label.padEnd(16)}${value}`);
    out(c.bold('Summary'));
    const notStarted = s.notStarted ? `, ${s.notStarted} not started` : '';
    row(
      'cases',
      `${s.cases.passed}/${s.cases.total} passed${s.errors ? `, ${s.errors} with errors` : ''}${notStarted}`,
    );
    if (s.structural.total > 0) row('structural', `${s.structural.passed}/${s.structural.total} checks passed`);
    if (s.findings.total > 0) {
      const notJudged = s.findings.notJudged ? ` (${s.findings.notJudged} not judged)` : '';
      row('findings', `${s.findings.passed}/${s.findings.total} caught${notJudged}`);
    }
    if (run.judge) {
      row('false positives', String(s.falsePositives));
      row('judge errors', String(s.judgeErrors));
    }
    if (s.agentErrors > 0) row('agent errors', String(s.agentErrors));
    row(
      'tokens',
      `agent ${s.agentTokens.input} in / ${s.agentTokens.output} out, judge ${s.judgeTokens.input} in / ${s.judgeTokens.output} out`,
    );
    if (options.priceOf) row('cost', describeCost(estimateCost(run, options.priceOf), run));
    if (s.retries.agent + s.retries.judge > 0) row('retries', `agent ${s.retries.agent}, judge ${s.retries.judge}`);
    const suggestions = suggestionsFor(run);
    if (suggestions.length > 0) {
      out();
      out(c.bold('Suggestions'));
      for (const suggestion of suggestions) {
        const target = suggestion.target[0]?.toUpperCase() + suggestion.target.slice(1);
        out(`  ${c.cyan(target.padEnd(12))}${suggestion.caseId}: ${suggestion.text}`);
      }
    }
  }

  return { caseResult, summary };
}
