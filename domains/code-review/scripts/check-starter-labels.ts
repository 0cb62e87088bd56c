/**
 * Checks the starter labels of calibration/labels.jsonl (issue 26 item 5): a person's outcome on one judged
 * item of one hand-written answer, with no stored verdict. Core's starterLabelProblems does the shared checks
 * (schema, dev case, item and kind, input hash, one-line note, every finding and bait item of an answer labelled
 * once); this script adds only what core cannot know: complete answers in the prompt's review format. Lines of
 * the older form (a label on a stored verdict) are counted and left as core read them.
 *
 *   pnpm --filter @evalpacks/code-review check-labels    prints the counts; exit 1 on a bad line
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type Case, loadPackCases, type PersonLabel } from '@evalpacks/core';
import { starterLabelProblems, starterProblemText } from '@evalpacks/core/calibration';
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

/** The answer's failures of the review format, as errors on the line of its first label. */
function formatErrors(file: string, line: number, answer: string, testCase: Case): string[] {
  const transcript = {
    input: testCase.input,
    answer,
    toolCalls: [],
    turns: 1,
    usage: { input: 0, output: 0 },
    latencyMs: 0,
    model: 'starter-label',
  };
  return FORMAT_CHECKS.flatMap((check) => {
    const outcome = check.run(transcript, testCase);
    return outcome.passed ? [] : [`${file}:${line}: the answer fails format check ${check.id}: ${outcome.detail}`];
  });
}

/**
 * Checks one labels file's text against the pack's cases with core's starter label check (every finding and
 * bait item of an answer labelled), then each answer against the review format; `file` names the lines.
 */
export function checkStarterLabels(text: string, cases: readonly Case[], file: string): StarterLabelReport {
  const found = starterLabelProblems(pack, cases, file, text, { everyItem: true });
  const errors = found.problems.map(starterProblemText);
  for (const { caseId, line, answer } of found.answers) {
    const testCase = cases.find((candidate) => candidate.id === caseId) as Case;
    errors.push(...formatErrors(file, line, answer, testCase));
  }
  return {
    errors,
    olderForm: found.olderForm,
    labels: found.labels.map(({ label }) => label),
    answers: found.answers.map(({ caseId, line, labels }) => ({ caseId, line, labels })),
    findings: { passed: found.counts.finding.passed, missed: found.counts.finding.failed },
    bait: { passed: found.counts.absent.passed, failed: found.counts.absent.failed },
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
