/**
 * Checks the starter labels of calibration/labels.jsonl (issue 26 item 5): a person's outcome on one judged
 * item of one hand-written answer, with no stored verdict. Each such line must name a dev case and one of its
 * items with the right kind, carry the hash of the case input as the pack loads it, and every answer must be
 * labelled on every finding and bait item of its case. The file is read with core's parseLabels (its schema,
 * PersonLabelSchema, and its duplicate check), so this script adds only what core cannot know: the pack's cases,
 * splits and items, the input hash, complete answers in the prompt's format, and notes of one line. Lines of the
 * older form (a label on a stored verdict) are counted and left as core read them.
 *
 *   pnpm --filter @evalpacks/code-review check-labels    prints the counts; exit 1 on a bad line
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type Case, CaseFileError, isPersonLabel, loadPackCases, type PersonLabel, splitOf } from '@evalpacks/core';
import { inputHash, parseLabels } from '@evalpacks/core/calibration';
import { checks } from '../src/checks.ts';
import pack from '../src/index.ts';

/** A starter label is core's person label (no verdict); the file is read with core's own loader. */
export type StarterLabel = PersonLabel;

/** The format checks of the prompt's Expectation: a written answer must look like a real model's review. */
const FORMAT_CHECKS = checks.filter((check) => check.part === 'expectation');

export interface StarterLabelReport {
  errors: string[];
  olderForm: number;
  labels: StarterLabel[];
  /** Each labelled answer in file order: its case, the line of its first label and its labels. */
  answers: { caseId: string; line: number; labels: StarterLabel[] }[];
  findings: { passed: number; missed: number };
  bait: { passed: number; failed: number };
}

/** Every item a judge is asked about on a case, as `kind:itemId` (bait items are numbered like core's). */
function itemsOf(testCase: Case): string[] {
  return [
    ...testCase.expectedFindings.map((finding) => `finding:${finding.id}`),
    ...testCase.expectedAbsent.map((_, i) => `absent:absent-${i + 1}`),
  ];
}

const EMPTY_REPORT: StarterLabelReport = {
  errors: [],
  olderForm: 0,
  labels: [],
  answers: [],
  findings: { passed: 0, missed: 0 },
  bait: { passed: 0, failed: 0 },
};

/** What is wrong with a well-formed label against its case (missing, not dev, no such item, stale input). */
function caseProblem(label: StarterLabel, testCase: Case | undefined): string | undefined {
  if (!testCase) return `field "caseId": no case "${label.caseId}" in the pack`;
  if (splitOf(testCase) !== 'dev') return `field "caseId": case "${label.caseId}" is on the ${splitOf(testCase)} split`;
  if (!itemsOf(testCase).includes(`${label.kind}:${label.itemId}`)) {
    return `field "itemId": case "${label.caseId}" has no ${label.kind} item "${label.itemId}"`;
  }
  if (label.inputSha256 !== inputHash(testCase.input)) {
    return `field "inputSha256": does not match the input of case "${label.caseId}"`;
  }
  return undefined;
}

/** Checks one labels file's text against the pack's cases; `file` only names the lines in errors. */
export function checkStarterLabels(text: string, cases: readonly Case[], file: string): StarterLabelReport {
  const errors: string[] = [];
  const labels: StarterLabel[] = [];
  const byAnswer = new Map<string, { testCase: Case; items: string[]; line: number; labels: StarterLabel[] }>();
  let olderForm = 0;
  let parsed: ReturnType<typeof parseLabels>;
  try {
    parsed = parseLabels(file, text);
  } catch (error) {
    if (!(error instanceof CaseFileError)) throw error;
    return { ...EMPTY_REPORT, errors: [error.message] };
  }
  // parseLabels skips blank lines and keeps order: the n-th label is the n-th non-blank line.
  const lineNumbers = text.split('\n').flatMap((raw, index) => (raw.trim() === '' ? [] : [index + 1]));
  parsed.forEach((label, n) => {
    const line = lineNumbers[n] ?? 0;
    const at = `${file}:${line}`;
    if (!isPersonLabel(label)) {
      olderForm++;
      return;
    }
    if (label.note.includes('\n')) {
      errors.push(`${at}: field "note": must be one line`);
      return;
    }
    const testCase = cases.find((candidate) => candidate.id === label.caseId);
    const problem = caseProblem(label, testCase);
    if (problem || !testCase) {
      errors.push(`${at}: ${problem}`);
      return;
    }
    const key = `${label.caseId}\n${label.answer}`;
    const answer = byAnswer.get(key) ?? { testCase, items: [], line, labels: [] };
    answer.items.push(`${label.kind}:${label.itemId}`);
    answer.labels.push(label);
    byAnswer.set(key, answer);
    labels.push(label);
  });
  for (const [key, { testCase, items, line }] of byAnswer) {
    const unlabelled = itemsOf(testCase).filter((item) => !items.includes(item));
    if (unlabelled.length > 0) {
      errors.push(`${file}:${line}: the answer to "${testCase.id}" has no label on ${unlabelled.join(', ')}`);
    }
    const transcript = {
      input: testCase.input,
      answer: key.slice(testCase.id.length + 1),
      toolCalls: [],
      turns: 1,
      usage: { input: 0, output: 0 },
      latencyMs: 0,
      model: 'starter-label',
    };
    for (const check of FORMAT_CHECKS) {
      const outcome = check.run(transcript, testCase);
      if (!outcome.passed) errors.push(`${file}:${line}: the answer fails format check ${check.id}: ${outcome.detail}`);
    }
  }
  const count = (kind: StarterLabel['kind'], passed: boolean) =>
    labels.filter((label) => label.kind === kind && label.passed === passed).length;
  return {
    errors,
    olderForm,
    labels,
    answers: [...byAnswer.values()].map(({ testCase, line, labels }) => ({ caseId: testCase.id, line, labels })),
    findings: { passed: count('finding', true), missed: count('finding', false) },
    bait: { passed: count('absent', true), failed: count('absent', false) },
  };
}

/** The counts as the script prints them: totals, then one line per answer with its items' outcomes. */
export function describeReport(report: StarterLabelReport): string {
  const outcomes = (labels: StarterLabel[]) =>
    labels.map((label) => `${label.itemId} ${label.passed ? 'pass' : 'FAIL'}`).join(', ');
  return [
    `starter labels: ${report.labels.length} items on ${report.answers.length} answers (${report.olderForm} older-form lines left to core)`,
    `  findings ${report.findings.passed + report.findings.missed}: ${report.findings.passed} caught, ${report.findings.missed} missed`,
    `  bait     ${report.bait.passed + report.bait.failed}: ${report.bait.passed} avoided, ${report.bait.failed} fallen for`,
    ...report.answers.map(
      ({ caseId, line, labels }, i) => `  answer ${i + 1} (line ${line}) ${caseId}: ${outcomes(labels)}`,
    ),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = 'domains/code-review/calibration/labels.jsonl';
  const text = readFileSync(new URL('../calibration/labels.jsonl', import.meta.url), 'utf8');
  const report = checkStarterLabels(text, await loadPackCases(pack), file);
  process.stdout.write(`${describeReport(report)}\n`);
  for (const error of report.errors) process.stderr.write(`evalpacks: ${error}\n`);
  process.exitCode = report.errors.length > 0 ? 1 : 0;
}
