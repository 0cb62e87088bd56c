/**
 * Checks the starter labels of calibration/labels.jsonl (issue 26 item 5): a person's word on one answer to a
 * single-message dev case, against the case's rubric (kind "rubric", item "rubric", as core's judgeRequests
 * asks it). The file is read with core's parseLabels (PersonLabelSchema and its duplicate check); this script
 * adds what core cannot know: the pack's cases and splits, the input hash, and that every tool call's result or
 * error is what the pack's own tools return when the answer's calls are run again on a fresh order book.
 *
 *   pnpm --filter @evalpacks/support-tickets check-labels    prints the counts; exit 1 on a bad line
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { type Case, CaseFileError, isPersonLabel, loadPackCases, type PersonLabel, splitOf } from '@evalpacks/core';
import { inputHash, parseLabels } from '@evalpacks/core/calibration';
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

/** What is wrong with a well-formed label against its case; undefined when it fits. */
function caseProblem(label: PersonLabel, testCase: Case | undefined): string | undefined {
  if (!testCase) return `field "caseId": no case "${label.caseId}" in the pack`;
  if (splitOf(testCase) !== 'dev') return `field "caseId": case "${label.caseId}" is on the ${splitOf(testCase)} split`;
  if (testCase.user) return `field "caseId": case "${label.caseId}" is a conversation, not a single message`;
  if (!testCase.rubric) return `field "caseId": case "${label.caseId}" has no rubric`;
  if (label.kind !== 'rubric' || label.itemId !== 'rubric') {
    return `field "itemId": a label here is on the rubric (kind "rubric", itemId "rubric"), not ${label.kind} "${label.itemId}"`;
  }
  if (label.inputSha256 !== inputHash(testCase.input)) {
    return `field "inputSha256": does not match the input of case "${label.caseId}"`;
  }
  if (label.note.includes('\n')) return 'field "note": must be one line';
  return undefined;
}

/** The first tool call whose stored result or error differs from running the calls again, as a message. */
async function toolCallProblem(label: PersonLabel): Promise<string | undefined> {
  const rerun = await runStarterCalls(label.toolCalls);
  const at = label.toolCalls.findIndex((call, i) => !isDeepStrictEqual(call, rerun[i]));
  if (at < 0) return undefined;
  return `field "toolCalls[${at}]": ${label.toolCalls[at]?.name} did not return what is stored (the tools return ${JSON.stringify(rerun[at]?.result ?? rerun[at]?.error)})`;
}

/** Checks one labels file's text against the pack's cases; `file` only names the lines in errors. */
export async function checkStarterLabels(
  text: string,
  cases: readonly Case[],
  file: string,
): Promise<StarterLabelReport> {
  let parsed: ReturnType<typeof parseLabels>;
  try {
    parsed = parseLabels(file, text);
  } catch (error) {
    if (!(error instanceof CaseFileError)) throw error;
    return { errors: [error.message], labels: [], olderForm: 0, rubric: { passed: 0, failed: 0 }, cases: 0 };
  }
  const errors: string[] = [];
  const labels: PersonLabel[] = [];
  let olderForm = 0;
  // parseLabels skips blank lines and keeps order: the n-th label is the n-th non-blank line.
  const lineNumbers = text.split('\n').flatMap((raw, index) => (raw.trim() === '' ? [] : [index + 1]));
  for (const [n, label] of parsed.entries()) {
    if (!isPersonLabel(label)) {
      olderForm++;
      continue;
    }
    const problem =
      caseProblem(
        label,
        cases.find((candidate) => candidate.id === label.caseId),
      ) ?? (await toolCallProblem(label));
    if (problem) errors.push(`${file}:${lineNumbers[n] ?? 0}: ${problem}`);
    else labels.push(label);
  }
  return {
    errors,
    labels,
    olderForm,
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
