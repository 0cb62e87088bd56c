import { readFileSync } from 'node:fs';
import { loadPackCases } from '@evalpacks/core';
import { inputHash } from '@evalpacks/core/calibration';
import { describe, expect, it } from 'vitest';
import { checkStarterLabels } from '../scripts/check-starter-labels.ts';
import pack from '../src/index.ts';

const cases = await loadPackCases(pack);
const FILE = 'labels.jsonl';
const text = readFileSync(new URL('../calibration/labels.jsonl', import.meta.url), 'utf8');
const inputOf = (id: string) => inputHash(cases.find((testCase) => testCase.id === id)?.input ?? '');

/** A starter label on the bait case, whose answer reports nothing: a clean review in the prompt's format. */
const cleanAnswer = [
  '## Summary',
  '',
  '| # | Finding | Severity | Location |',
  '|---|---------|----------|----------|',
  '',
  'No security, performance or reliability issues found.',
  '',
  '**Total: 0 critical, 0 high, 0 medium, 0 low**',
].join('\n');
const bait = (fields: Record<string, unknown> = {}) => ({
  caseId: 'false-positive-bait',
  kind: 'absent',
  itemId: 'absent-1',
  passed: true,
  note: 'Empty table: nothing is reported.',
  inputSha256: inputOf('false-positive-bait'),
  answer: cleanAnswer,
  toolCalls: [],
  ...fields,
});
const lines = (...labels: object[]) => labels.map((label) => JSON.stringify(label)).join('\n');
const allThree = (fields: Record<string, unknown> = {}) =>
  lines(bait(fields), bait({ ...fields, itemId: 'absent-2' }), bait({ ...fields, itemId: 'absent-3' }));

describe("the code-review pack's starter labels", () => {
  it('are all valid, on dev cases, with both outcomes among findings and among bait items', () => {
    const report = checkStarterLabels(text, cases, FILE);
    expect(report.errors).toEqual([]);
    expect(report.olderForm).toBe(7);
    expect(report.labels).toHaveLength(56);
    expect(report.answers).toHaveLength(17);
    expect(report.findings).toEqual({ passed: 18, missed: 12 });
    expect(report.bait).toEqual({ passed: 16, failed: 10 });
  });
});

describe('checkStarterLabels', () => {
  it('accepts an answer labelled on every item of its case', () => {
    const report = checkStarterLabels(allThree(), cases, FILE);
    expect(report.errors).toEqual([]);
    expect(report.bait).toEqual({ passed: 3, failed: 0 });
  });

  it('names the line and field of a label that does not fit the pack', () => {
    const check = (label: object) => checkStarterLabels(lines(label), cases, FILE).errors[0];
    expect(check(bait({ caseId: 'no-such-case' }))).toBe(
      'labels.jsonl:1: field "caseId": no case "no-such-case" in the pack',
    );
    expect(check(bait({ caseId: 'py-document-import-zip', inputSha256: inputOf('py-document-import-zip') }))).toBe(
      'labels.jsonl:1: field "caseId": case "py-document-import-zip" is on the test split',
    );
    expect(check(bait({ kind: 'finding' }))).toBe(
      'labels.jsonl:1: field "itemId": "absent-1" is no finding item of "false-positive-bait" (has: none)',
    );
    expect(check(bait({ itemId: 'absent-4' }))).toBe(
      'labels.jsonl:1: field "itemId": "absent-4" is no absent item of "false-positive-bait" (has: absent-1, absent-2, absent-3)',
    );
    expect(check(bait({ inputSha256: inputOf('subtle-issues') }))).toBe(
      'labels.jsonl:1: field "inputSha256": does not match the input of case "false-positive-bait"',
    );
    expect(check(bait({ note: 'first line\nsecond line' }))).toBe('labels.jsonl:1: field "note": must be one line');
    expect(check(bait({ passed: 'yes' }))).toMatch(/^labels\.jsonl:1: field "passed": /);
    expect(check(bait({ colour: 'red' }))).toMatch(/^labels\.jsonl:1: field "colour": /);
  });

  it('counts a label on a stored verdict as the older form, read by core like any other line', () => {
    const { passed, note, ...item } = bait();
    const older = { ...item, label: 'agree', verdict: { passed: true, reasoning: 'nothing reported', model: 'judge' } };
    expect(checkStarterLabels(lines(older), cases, FILE)).toMatchObject({ errors: [], olderForm: 1, labels: [] });
    expect(checkStarterLabels(lines({ ...older, verdict: { passed: true } }), cases, FILE).errors).toEqual([
      'labels.jsonl:1: field "verdict.reasoning": Invalid input: expected string, received undefined',
    ]);
  });

  it('refuses an answer with an item left unlabelled, and core refuses an item labelled twice', () => {
    expect(checkStarterLabels(lines(bait(), bait({ itemId: 'absent-3' })), cases, FILE).errors).toEqual([
      'labels.jsonl:1: the answer to "false-positive-bait" has no label on absent:absent-2',
    ]);
    expect(checkStarterLabels(`${allThree()}\n${JSON.stringify(bait())}`, cases, FILE).errors).toEqual([
      'labels.jsonl:4: labels "false-positive-bait" item "absent-1" of the same answer again (line 1)',
    ]);
  });

  it('refuses an answer that does not follow the review format', () => {
    expect(checkStarterLabels(allThree({ answer: 'LGTM' }), cases, FILE).errors).toEqual([
      'labels.jsonl:1: the answer fails format check summary-table: no markdown table with a Severity or Finding column',
      'labels.jsonl:1: the answer fails format check summary-count: no "**Total: N critical, N high, N medium, N low**" line',
    ]);
  });
});
