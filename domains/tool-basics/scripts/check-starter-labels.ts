/**
 * Checks the starter labels of calibration/labels.jsonl (issue 26 item 5): a person's outcome on the rubric
 * of one hand-written answer. The file is read with core's parseLabels (PersonLabelSchema and its duplicate
 * check); this script adds what core cannot know: the case exists, is on the dev split, has a rubric and is a
 * single message; the item is kind "rubric", id "rubric"; the input hash matches the case as the pack loads it;
 * the note is one line; and every tool call replays to the same result (or error) through the pack's own tools
 * on the starter clock, so no result is written by hand. Lines of the older form (on a stored verdict) are
 * counted and left as core read them.
 *
 *   pnpm --filter @evalpacks/tool-basics check-labels    prints the counts; exit 1 on a bad line
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { type Case, CaseFileError, isPersonLabel, loadPackCases, type PersonLabel, splitOf } from '@evalpacks/core';
import { inputHash, parseLabels } from '@evalpacks/core/calibration';
import pack from '../src/index.ts';
import { runStarterCalls } from './starter-tools.ts';

export interface StarterLabelReport {
  errors: string[];
  olderForm: number;
  labels: PersonLabel[];
  rubric: { met: number; notMet: number };
  /** Answers per case, in file order. */
  perCase: Map<string, number>;
}

/** What is wrong with a well-formed label against its case, or undefined. */
function caseProblem(label: PersonLabel, testCase: Case | undefined): string | undefined {
  if (!testCase) return `field "caseId": no case "${label.caseId}" in the pack`;
  if (splitOf(testCase) !== 'dev') return `field "caseId": case "${label.caseId}" is on the ${splitOf(testCase)} split`;
  if (!testCase.rubric) return `field "caseId": case "${label.caseId}" has no rubric`;
  if (testCase.user) return `field "caseId": case "${label.caseId}" is a conversation`;
  if (label.kind !== 'rubric' || label.itemId !== 'rubric') {
    return `field "itemId": case "${label.caseId}" has only the rubric item (kind "rubric", itemId "rubric")`;
  }
  if (label.inputSha256 !== inputHash(testCase.input)) {
    return `field "inputSha256": does not match the input of case "${label.caseId}"`;
  }
  if (label.note.includes('\n')) return 'field "note": must be one line';
  return undefined;
}

/** The first tool call whose stored result or error is not what the pack's tool gives, or undefined. */
async function toolCallProblem(label: PersonLabel): Promise<string | undefined> {
  const replayed = await runStarterCalls(label.toolCalls);
  for (const [i, stored] of label.toolCalls.entries()) {
    const fresh = replayed[i];
    const same = fresh !== undefined && isDeepStrictEqual(stored.result, fresh.result) && stored.error === fresh.error;
    if (!same) {
      const gives = fresh?.error !== undefined ? `error ${JSON.stringify(fresh.error)}` : JSON.stringify(fresh?.result);
      return `field "toolCalls[${i}]": ${stored.name} gives ${gives}, not what the line holds`;
    }
  }
  return undefined;
}

/** Checks one labels file's text against the pack's cases; `file` only names the lines in errors. */
export async function checkStarterLabels(text: string, cases: readonly Case[], file: string) {
  const report: StarterLabelReport = {
    errors: [],
    olderForm: 0,
    labels: [],
    rubric: { met: 0, notMet: 0 },
    perCase: new Map(),
  };
  let parsed: ReturnType<typeof parseLabels>;
  try {
    parsed = parseLabels(file, text);
  } catch (error) {
    if (!(error instanceof CaseFileError)) throw error;
    return { ...report, errors: [error.message] };
  }
  // parseLabels skips blank lines and keeps order: the n-th label is the n-th non-blank line.
  const lineNumbers = text.split('\n').flatMap((raw, index) => (raw.trim() === '' ? [] : [index + 1]));
  for (const [n, label] of parsed.entries()) {
    if (!isPersonLabel(label)) {
      report.olderForm++;
      continue;
    }
    const problem =
      caseProblem(
        label,
        cases.find((candidate) => candidate.id === label.caseId),
      ) ?? (await toolCallProblem(label));
    if (problem) {
      report.errors.push(`${file}:${lineNumbers[n] ?? 0}: ${problem}`);
      continue;
    }
    report.labels.push(label);
    report.rubric[label.passed ? 'met' : 'notMet']++;
    report.perCase.set(label.caseId, (report.perCase.get(label.caseId) ?? 0) + 1);
  }
  return report;
}

/** The counts as the script prints them. */
export function describeReport(report: StarterLabelReport): string {
  return [
    `starter labels: ${report.labels.length} rubric labels on ${report.perCase.size} dev cases (${report.olderForm} older-form lines left to core)`,
    `  rubric met ${report.rubric.met}, not met ${report.rubric.notMet}`,
    ...[...report.perCase].map(([caseId, answers]) => `  ${caseId}: ${answers} answers`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = 'domains/tool-basics/calibration/labels.jsonl';
  const text = readFileSync(new URL('../calibration/labels.jsonl', import.meta.url), 'utf8');
  const report = await checkStarterLabels(text, await loadPackCases(pack), file);
  process.stdout.write(`${describeReport(report)}\n`);
  for (const error of report.errors) process.stderr.write(`evalpacks: ${error}\n`);
  process.exitCode = report.errors.length > 0 ? 1 : 0;
}
