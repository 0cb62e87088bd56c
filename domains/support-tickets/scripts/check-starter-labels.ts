/**
 * Checks the starter labels of calibration/labels.jsonl (issue 26 item 5): a person's word on one answer to a
 * single-message dev case, against the case's rubric (kind "rubric", item "rubric", as core's judgeRequests
 * asks it). Core's starterLabelProblems does the shared checks (schema, duplicates, dev case, single message,
 * item, input hash, one-line note); this script adds what core cannot know: that every tool call's result or
 * error is what the pack's own tools return when the answer's calls are run again on a fresh order book.
 *
 *   pnpm --filter @evalpacks/support-tickets check-labels    prints the counts; exit 1 on a bad line
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { type Case, loadPackCases, type PersonLabel } from '@evalpacks/core';
import { starterLabelProblems, starterProblemText } from '@evalpacks/core/calibration';
import pack from '../src/index.ts';
import { runStarterCalls } from './run-starter-calls.ts';

export interface StarterLabelReport {
  errors: string[];
  labels: PersonLabel[];
  /** Labels of the older form (on a stored verdict): left as core read them. */
  olderForm: number;
  rubric: { passed: number; failed: number };
  /** How many different cases the labels cover. */
  cases: number;
}

/** The first tool call whose stored result or error differs from running the calls again, as a message. */
async function toolCallProblem(label: PersonLabel): Promise<string | undefined> {
  const rerun = await runStarterCalls(label.toolCalls);
  const at = label.toolCalls.findIndex((call, i) => !isDeepStrictEqual(call, rerun[i]));
  if (at < 0) return undefined;
  return `field "toolCalls[${at}]": ${label.toolCalls[at]?.name} did not return what is stored (the tools return ${JSON.stringify(rerun[at]?.result ?? rerun[at]?.error)})`;
}

/**
 * Checks one labels file's text against the pack's cases with core's starter label check (single-message dev
 * cases, the rubric item), then replays every sound label's tool calls; `file` only names the lines in errors.
 */
export async function checkStarterLabels(
  text: string,
  cases: readonly Case[],
  file: string,
): Promise<StarterLabelReport> {
  const found = starterLabelProblems(pack, cases, file, text, { singleMessage: true });
  const errors = found.problems.map(starterProblemText);
  const labels: PersonLabel[] = [];
  for (const { line, label } of found.labels) {
    const problem = await toolCallProblem(label);
    if (problem) errors.push(`${file}:${line}: ${problem}`);
    else labels.push(label);
  }
  return {
    errors,
    labels,
    olderForm: found.olderForm,
    rubric: {
      passed: labels.filter((label) => label.passed).length,
      failed: labels.filter((label) => !label.passed).length,
    },
    cases: new Set(labels.map((label) => label.caseId)).size,
  };
}

/** The counts as the script prints them. */
export function describeReport(report: StarterLabelReport): string {
  return [
    `starter labels: ${report.labels.length} rubric labels (one per answer) on ${report.cases} dev cases (${report.olderForm} older-form lines left to core)`,
    `  rubric met ${report.rubric.passed}, not met ${report.rubric.failed}`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = 'domains/support-tickets/calibration/labels.jsonl';
  const text = readFileSync(new URL('../calibration/labels.jsonl', import.meta.url), 'utf8');
  const report = await checkStarterLabels(text, await loadPackCases(pack), file);
  process.stdout.write(`${describeReport(report)}\n`);
  for (const error of report.errors) process.stderr.write(`evalpacks: ${error}\n`);
  process.exitCode = report.errors.length > 0 ? 1 : 0;
}
