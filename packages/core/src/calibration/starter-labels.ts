/**
 * Starter labels (issue 26 item 5): a person's outcome on one judged item of one hand-written answer, with no
 * stored verdict. Every pack checks its starter labels file the same way before calibrate reads it; this is
 * that check. A pack adds only what core cannot know (its tools replayed, its answer format) and its printing.
 */
import { judgeRequests } from '../judge/judge-case.ts';
import type { Pack } from '../pack/define-pack.ts';
import type { Case } from '../schema/case.ts';
import { isPersonLabel, type PersonLabel } from '../schema/label.ts';
import { splitOf } from '../schema/split.ts';
import type { JudgedItemKind } from '../schema/verdict.ts';
import { inputHash } from './label-key.ts';
import { readLabelLines } from './labels-file.ts';

export interface StarterLabelOptions {
  /** Every judged item of an answer's case must be labelled on it (a pack of findings and bait items). */
  everyItem?: boolean;
  /** Only single-message cases: a conversation's answer is more than one reply. */
  singleMessage?: boolean;
}

/** One defect, naming file, line and (for a line's own field) the field. */
export interface StarterLabelProblem {
  file: string;
  line: number;
  field?: string;
  message: string;
}

/** A sound starter label with the line that holds it. */
export interface StarterLabelLine {
  line: number;
  label: PersonLabel;
}

/** One labelled answer in file order: its case, the line of its first label, and its labels. */
export interface StarterAnswer {
  caseId: string;
  line: number;
  answer: string;
  labels: PersonLabel[];
}

export interface StarterLabelCheck {
  /** The sound starter labels, in file order. */
  labels: StarterLabelLine[];
  answers: StarterAnswer[];
  problems: StarterLabelProblem[];
  /** Lines of the older form (a label on a stored verdict): read by core, left as they are. */
  olderForm: number;
  /** Sound labels by kind and outcome. */
  counts: Record<JudgedItemKind, { passed: number; failed: number }>;
}

/** A problem as one line of output: `file:line: field "f": message`. */
export function starterProblemText(problem: StarterLabelProblem): string {
  const field = problem.field ? `field "${problem.field}": ` : '';
  return `${problem.file}:${problem.line}: ${field}${problem.message}`;
}

/** The items core's judgeRequests asks about on a case, as `kind:itemId`, so a label names one the judge sees. */
function judgedItems(pack: Pack, testCase: Case): string[] {
  const transcript = { input: testCase.input, answer: '', toolCalls: [], turns: 1, latencyMs: 0, model: 'starter' };
  const usage = { input: 0, output: 0 };
  return judgeRequests(pack, testCase, { ...transcript, usage }).map((item) => `${item.kind}:${item.itemId}`);
}

/** What is wrong with a well-formed label against its case, as [field, message] pairs; empty when it fits. */
function labelProblems(
  pack: Pack,
  label: PersonLabel,
  testCase: Case | undefined,
  options: StarterLabelOptions,
): [field: string, message: string][] {
  if (!testCase) return [['caseId', `no case "${label.caseId}" in the pack`]];
  const problems: [string, string][] = [];
  const split = splitOf(testCase);
  if (split !== 'dev') problems.push(['caseId', `case "${label.caseId}" is on the ${split} split`]);
  if (options.singleMessage && testCase.user) {
    problems.push(['caseId', `case "${label.caseId}" is a conversation, not a single message`]);
  }
  if (label.answer.trim() === '') problems.push(['answer', 'empty; give the whole agent answer']);
  const ids = judgedItems(pack, testCase)
    .filter((item) => item.startsWith(`${label.kind}:`))
    .map((item) => item.slice(label.kind.length + 1));
  if (!ids.includes(label.itemId)) {
    const known = ids.length > 0 ? ids.join(', ') : 'none';
    problems.push(['itemId', `"${label.itemId}" is no ${label.kind} item of "${label.caseId}" (has: ${known})`]);
  }
  if (label.inputSha256 !== inputHash(testCase.input)) {
    problems.push(['inputSha256', `does not match the input of case "${label.caseId}"`]);
  }
  if (label.note.includes('\n')) problems.push(['note', 'must be one line']);
  return problems;
}

/**
 * Checks a starter labels file against the pack's cases: each line is read as core reads it (schema, one label
 * per answer and item), names a dev case and one of the items judgeRequests asks about, carries the hash of the
 * case input, and a one-line note; with `everyItem`, each answer is labelled on every item of its case.
 */
export function starterLabelProblems(
  pack: Pack,
  cases: readonly Case[],
  file: string,
  text: string,
  options: StarterLabelOptions = {},
): StarterLabelCheck {
  const byId = new Map(cases.map((testCase) => [testCase.id, testCase]));
  const result: StarterLabelCheck = {
    labels: [],
    answers: [],
    problems: [],
    olderForm: 0,
    counts: { finding: { passed: 0, failed: 0 }, absent: { passed: 0, failed: 0 }, rubric: { passed: 0, failed: 0 } },
  };
  const answers = new Map<string, StarterAnswer>();
  for (const entry of readLabelLines(file, text)) {
    if ('problem' in entry) {
      // readLabelLines already names file and line; keep its text as the message.
      result.problems.push({ file, line: entry.line, message: entry.problem.slice(`${file}:${entry.line}: `.length) });
      continue;
    }
    const { line, label } = entry;
    if (!isPersonLabel(label)) {
      result.olderForm++;
      continue;
    }
    const own = labelProblems(pack, label, byId.get(label.caseId), options);
    result.problems.push(...own.map(([field, message]) => ({ file, line, field, message })));
    if (own.length > 0) continue;
    const key = `${label.caseId}\u0000${label.answer}`;
    const answer = answers.get(key) ?? { caseId: label.caseId, line, answer: label.answer, labels: [] };
    answer.labels.push(label);
    answers.set(key, answer);
    result.labels.push({ line, label });
    result.counts[label.kind][label.passed ? 'passed' : 'failed']++;
  }
  result.answers = [...answers.values()];
  if (options.everyItem) {
    for (const answer of result.answers) {
      const labelled = new Set(answer.labels.map((label) => `${label.kind}:${label.itemId}`));
      const missing = judgedItems(pack, byId.get(answer.caseId) as Case).filter((item) => !labelled.has(item));
      if (missing.length > 0) {
        const message = `the answer to "${answer.caseId}" has no label on ${missing.join(', ')}`;
        result.problems.push({ file, line: answer.line, message });
      }
    }
  }
  return result;
}
