/**
 * Starter labels (issue 26 item 5): a person's outcome on one judged item of one hand-written answer, without a
 * judge verdict. This module reads `calibration/labels.jsonl` in that form and checks every line against the
 * pack's cases, so a label that names a missing case, a test-split case, an unknown item or a stale input is
 * refused before calibrate ever sees it.
 */
import { type Case, type PersonLabel, PersonLabelSchema, splitOf } from '@evalpacks/core';
import { inputHash } from '@evalpacks/core/calibration';

/**
 * One starter label line, read with core's own schema (the one calibrate reads the file with), so the pack
 * keeps no copy of it. The pack has no rubric, so a line's kind must be finding or absent: checked below.
 */
export type StarterLabel = PersonLabel;

export interface StarterLabelCounts {
  items: number;
  answers: number;
  cases: number;
  findingsPassed: number;
  findingsMissed: number;
  baitPassed: number;
  baitFailed: number;
}

export interface StarterLabelReport {
  labels: StarterLabel[];
  /** `file:line: problem`, one per defect; empty when every line is sound. */
  problems: string[];
  counts: StarterLabelCounts;
}

/** The item ids a case can be labelled on, by kind: its findings' ids, and `absent-N` for its bait items. */
function itemIds(testCase: Case): Record<StarterLabel['kind'], string[]> {
  return {
    finding: testCase.expectedFindings.map((finding) => finding.id),
    absent: testCase.expectedAbsent.map((_, i) => `absent-${i + 1}`),
    rubric: [],
  };
}

function describe(issue: { path: PropertyKey[]; message: string }): string {
  const field = issue.path.length > 0 ? `field "${issue.path.join('.')}": ` : '';
  return `${field}${issue.message}`;
}

/** Checks one line against the cases; returns its problems (empty when sound). */
function lineProblems(label: StarterLabel, byId: ReadonlyMap<string, Case>): string[] {
  const testCase = byId.get(label.caseId);
  if (!testCase) return [`field "caseId": no case "${label.caseId}" in the pack`];
  const problems: string[] = [];
  if (splitOf(testCase) !== 'dev') problems.push(`field "caseId": case "${label.caseId}" is not on the dev split`);
  const ids = itemIds(testCase)[label.kind];
  if (label.answer.trim() === '') problems.push('field "answer": empty; give the whole agent answer');
  if (!ids.includes(label.itemId)) {
    const known = ids.length > 0 ? ids.join(', ') : 'none';
    problems.push(`field "itemId": "${label.itemId}" is no ${label.kind} item of "${label.caseId}" (has: ${known})`);
  }
  if (label.inputSha256 !== inputHash(testCase.input)) {
    problems.push(`field "inputSha256": does not match the input of "${label.caseId}" as the pack loads it`);
  }
  return problems;
}

/**
 * Reads and checks a starter labels file. Beyond each line: one item labelled twice on the same answer is an
 * error, and so is an answer that leaves some of its case's items unlabelled (the spec asks for every item).
 */
export function checkStarterLabels(file: string, text: string, cases: readonly Case[]): StarterLabelReport {
  const byId = new Map(cases.map((testCase) => [testCase.id, testCase]));
  const labels: StarterLabel[] = [];
  const problems: string[] = [];
  /** answer key (case + answer text) -> the items labelled on it, with the line that first did. */
  const answers = new Map<string, { caseId: string; firstLine: number; items: Map<string, number> }>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const at = `${file}:${i + 1}`;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (error) {
      problems.push(`${at}: invalid JSON: ${(error as Error).message}`);
      return;
    }
    const parsed = PersonLabelSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(`${at}: ${describe(parsed.error.issues[0] ?? { path: [], message: 'not a starter label' })}`);
      return;
    }
    const label = parsed.data;
    const own = lineProblems(label, byId);
    problems.push(...own.map((problem) => `${at}: ${problem}`));
    if (own.length > 0) return;
    const key = `${label.caseId}\u0000${label.answer}`;
    const answer = answers.get(key) ?? { caseId: label.caseId, firstLine: i + 1, items: new Map<string, number>() };
    answers.set(key, answer);
    const item = `${label.kind}:${label.itemId}`;
    const earlier = answer.items.get(item);
    if (earlier !== undefined) {
      problems.push(`${at}: "${label.caseId}" ${item} labelled again on the same answer (line ${earlier})`);
      return;
    }
    answer.items.set(item, i + 1);
    labels.push(label);
  });
  for (const answer of answers.values()) {
    const testCase = byId.get(answer.caseId) as Case;
    const ids = itemIds(testCase);
    const missing = [...ids.finding.map((id) => `finding:${id}`), ...ids.absent.map((id) => `absent:${id}`)].filter(
      (item) => !answer.items.has(item),
    );
    if (missing.length > 0) {
      problems.push(
        `${file}:${answer.firstLine}: the answer to "${answer.caseId}" leaves items unlabelled: ${missing.join(', ')}`,
      );
    }
  }
  return { labels, problems, counts: countLabels(labels) };
}

export function countLabels(labels: readonly StarterLabel[]): StarterLabelCounts {
  const of = (kind: StarterLabel['kind'], passed: boolean) =>
    labels.filter((label) => label.kind === kind && label.passed === passed).length;
  return {
    items: labels.length,
    answers: new Set(labels.map((label) => `${label.caseId}\u0000${label.answer}`)).size,
    cases: new Set(labels.map((label) => label.caseId)).size,
    findingsPassed: of('finding', true),
    findingsMissed: of('finding', false),
    baitPassed: of('absent', true),
    baitFailed: of('absent', false),
  };
}

/** The counts as the script prints them. */
export function formatCounts(counts: StarterLabelCounts): string {
  return [
    `items     ${counts.items} on ${counts.answers} answers to ${counts.cases} dev cases`,
    `findings  ${counts.findingsPassed + counts.findingsMissed}: ${counts.findingsPassed} caught, ${counts.findingsMissed} missed`,
    `bait      ${counts.baitPassed + counts.baitFailed}: ${counts.baitPassed} resisted, ${counts.baitFailed} fell for`,
  ].join('\n');
}
