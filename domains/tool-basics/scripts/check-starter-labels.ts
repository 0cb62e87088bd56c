/**
 * Checks the starter labels of calibration/labels.jsonl (issue 26 item 5): a person's outcome on the rubric
 * of one hand-written answer. Core's starterLabelProblems does the shared checks (schema, duplicates, dev
 * case, single message, the rubric item, input hash, one-line note); this script adds what core cannot know:
 * every tool call replays to the same result (or error) through the pack's own tools on the starter clock, so
 * no result is written by hand. Lines of the older form (on a stored verdict) are
 * counted and left as core read them.
 *
 *   pnpm --filter @evalpacks/tool-basics check-labels    prints the counts; exit 1 on a bad line
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { type Case, loadPackCases, type PersonLabel } from '@evalpacks/core';
import { starterLabelProblems, starterProblemText } from '@evalpacks/core/calibration';
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

/**
 * Checks one labels file's text against the pack's cases with core's starter label check (single-message dev
 * cases, the rubric item), then replays every sound label's tool calls; `file` only names the lines in errors.
 */
export async function checkStarterLabels(text: string, cases: readonly Case[], file: string) {
  const found = starterLabelProblems(pack, cases, file, text, { singleMessage: true });
  const report: StarterLabelReport = {
    errors: found.problems.map(starterProblemText),
    olderForm: found.olderForm,
    labels: [],
    rubric: { met: 0, notMet: 0 },
    perCase: new Map(),
  };
  for (const { line, label } of found.labels) {
    const problem = await toolCallProblem(label);
    if (problem) {
      report.errors.push(`${file}:${line}: ${problem}`);
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
