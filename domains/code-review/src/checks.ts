/**
 * Structural checks for the code review pack, each derived from one line of the prompts' Expectation or
 * Narrowing. Pattern matching only: they catch format drift and gross scope violations for free, before
 * a judge is paid to read the content.
 */
import { type Case, defineCheck, type Severity } from '@evalpacks/core';
import { FENCE_NAME, fencedIn, handlerLanguage } from './language.ts';
import { codeBlocks, lineCount } from './markdown.ts';
import {
  noIssuesStatement,
  reportedFindings,
  SEVERITIES,
  severityLabels,
  summaryTable,
  TOTAL_FORMAT,
  TOTAL_LINE,
  totalCounts,
} from './review-format.ts';
import { outOfScopeRemarks } from './scope.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const QUOTE_LENGTH = 80;
const shorten = (text: string) => (text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text);

/**
 * A clean review of correct code has no findings to rate and no fixes to show, so demanding severities or
 * code blocks there would punish exactly the answer we want. The demand follows what the review should
 * contain: findings are due when the case expects them or when the review reports some itself (a false
 * positive still has to be formatted like a finding; whether it is real is the judge's call).
 */
function findingsDue(testCase: Case, answer: string): boolean {
  return testCase.expectedFindings.length > 0 || reportedFindings(answer) > 0;
}

const summaryTableCheck = defineCheck({
  id: 'summary-table',
  name: 'Summary table of findings',
  part: 'expectation',
  run(transcript) {
    const table = summaryTable(transcript.answer);
    if (!table) return { passed: false, detail: 'no markdown table with a Severity or Finding column' };
    return {
      passed: true,
      detail: `found a summary table with columns "${table.header.join(', ')}" and ${plural(table.rows.length, 'row')}`,
    };
  },
});

/**
 * Two levels show the reviewer ranked its findings rather than stamping one label on all of them. A case
 * whose findings share one level can only ask for that one; a review of a clean case that reports findings
 * anyway must still rate them (one level); a clean review of a clean case has nothing to rate.
 */
function levelsNeeded(testCase: Case, answer: string): number {
  const expectedLevels = new Set<Severity>(testCase.expectedFindings.map((finding) => finding.severity)).size;
  if (expectedLevels > 0) return Math.min(2, expectedLevels);
  return findingsDue(testCase, answer) ? 1 : 0;
}

const severityLevelsCheck = defineCheck({
  id: 'severity-levels',
  name: 'Severity levels used',
  part: 'expectation',
  run(transcript, testCase) {
    const used = severityLabels(transcript.answer);
    const needed = levelsNeeded(testCase, transcript.answer);
    const list = used.length > 0 ? ` (${used.join(', ')})` : '';
    return {
      passed: used.length >= needed,
      detail: `used ${plural(used.length, 'severity level')}${list}; needed ${needed}`,
    };
  },
});

/**
 * The fixes must be code in the handler's own language, fenced as the Expectation asks (`ts` or `python`):
 * a Python fix for a TypeScript handler cannot be applied, and an unlabelled block is not what was asked.
 */
const codeFixesCheck = defineCheck({
  id: 'code-fixes',
  name: 'Code blocks with fixes',
  part: 'expectation',
  run(transcript, testCase) {
    const language = handlerLanguage(testCase);
    const blocks = codeBlocks(transcript.answer);
    const found = blocks.filter((block) => fencedIn(block.lang, language)).length;
    const others = blocks.length - found;
    const needed = findingsDue(testCase, transcript.answer) ? 1 : 0;
    const rest = others > 0 ? ` (and ${plural(others, 'block')} in another language or unlabelled)` : '';
    return {
      passed: found >= needed,
      detail: `found ${plural(found, `${FENCE_NAME[language]} code block`)}${rest}; needed ${needed}`,
    };
  },
});

/**
 * A full rewrite shows as one code block that is as long as a handler and dominates the answer. 40 lines is
 * more than any targeted fix needs and about the size of a whole Lambda handler; for a shorter input, three
 * quarters of its length already reproduces the function. The 40% share spares a long review of many
 * findings that quotes one larger block, and still catches an answer that is mostly the rewritten code.
 */
const REWRITE_MAX_LINES = 40;
/** A block this short is a targeted fix even when the input is a handful of lines. */
const REWRITE_MIN_LINES = 10;
const REWRITE_INPUT_SHARE = 0.75;
const REWRITE_ANSWER_SHARE = 0.4;

const noFullRewriteCheck = defineCheck({
  id: 'no-full-rewrite',
  name: 'No full rewrite',
  part: 'narrowing',
  run(transcript, testCase) {
    const blocks = codeBlocks(transcript.answer);
    const total = lineCount(transcript.answer);
    if (blocks.length === 0) return { passed: true, detail: `no code blocks in ${plural(total, 'line')}` };
    const longest = Math.max(...blocks.map((block) => block.lines.length));
    const inputShare = Math.ceil(lineCount(testCase.input) * REWRITE_INPUT_SHARE);
    const limit = Math.max(REWRITE_MIN_LINES, Math.min(REWRITE_MAX_LINES, inputShare));
    const rewrite = longest > limit && longest > total * REWRITE_ANSWER_SHARE;
    const share = REWRITE_ANSWER_SHARE * 100;
    return {
      passed: !rewrite,
      detail: `longest code block is ${longest} of ${total} lines (a rewrite is over ${limit} lines and over ${share}% of the answer)`,
    };
  },
});

/** A sign-off or a closing remark may follow the count; ten lines leave room for that and no more. */
const COUNT_WINDOW = 10;

const summaryCountCheck = defineCheck({
  id: 'summary-count',
  name: 'Summary count at the end',
  part: 'expectation',
  run(transcript) {
    const lines = transcript.answer.trimEnd().split('\n');
    const index = lines.findLastIndex((line) => TOTAL_LINE.test(line));
    if (index < 0) return { passed: false, detail: `no "${TOTAL_FORMAT}" line` };
    const match = TOTAL_LINE.exec(lines[index] ?? '') ?? [];
    const counts = SEVERITIES.map((level, i) => `${match[i + 1]} ${level}`).join(', ');
    const where = `line ${index + 1} of ${lines.length}`;
    if (lines.length - index > COUNT_WINDOW) {
      return { passed: false, detail: `summary count "${counts}" is on ${where}, not in the last ${COUNT_WINDOW}` };
    }
    return { passed: true, detail: `found summary count "${counts}" on ${where}` };
  },
});

const staysInScopeCheck = defineCheck({
  id: 'stays-in-scope',
  name: 'Stays within scope',
  part: 'narrowing',
  run(transcript) {
    const remarks = outOfScopeRemarks(transcript.answer);
    const first = remarks[0];
    if (first === undefined) return { passed: true, detail: 'no style, readability, naming or formatting remarks' };
    return {
      passed: false,
      detail: `found ${plural(remarks.length, 'out-of-scope remark')}, first: "${shorten(first)}"`,
    };
  },
});

/**
 * The zero-findings rule of a clean case: code with nothing wrong gets a review that reports nothing and
 * says so. Any finding is invented there, whether it sits in the table, in a rated section or in the Total
 * line, and however low it is rated; on a case that expects findings there is nothing to invent against.
 */
const noInventedFindingsCheck = defineCheck({
  id: 'no-invented-findings',
  name: 'No invented findings',
  part: 'narrowing',
  run(transcript, testCase) {
    const expected = testCase.expectedFindings.length;
    if (expected > 0) return { passed: true, detail: `not a clean case: ${plural(expected, 'finding')} expected` };
    const answer = transcript.answer;
    const table = summaryTable(answer);
    const rows = table?.rows ?? [];
    if (table && rows.length > 0) {
      const column = Math.max(
        0,
        table.header.findIndex((cell) => /finding/i.test(cell)),
      );
      const first = shorten(rows[0]?.[column] ?? '');
      return {
        passed: false,
        detail: `reports ${plural(rows.length, 'finding')} on code with none, first: "${first}"`,
      };
    }
    const rated = severityLabels(answer);
    if (rated.length > 0) return { passed: false, detail: `rates a finding (${rated.join(', ')}) on code with none` };
    const counted = (totalCounts(answer) ?? []).reduce((sum, n) => sum + n, 0);
    if (counted > 0)
      return { passed: false, detail: `counts ${plural(counted, 'finding')} in its Total on code with none` };
    const statement = noIssuesStatement(answer);
    if (statement === undefined) {
      return { passed: false, detail: 'reports no findings but never says so ("No ... issues found.")' };
    }
    return { passed: true, detail: `reports no findings and says so: "${statement.trim()}"` };
  },
});

export const checks = [
  summaryTableCheck,
  severityLevelsCheck,
  codeFixesCheck,
  noFullRewriteCheck,
  summaryCountCheck,
  staysInScopeCheck,
  noInventedFindingsCheck,
];
