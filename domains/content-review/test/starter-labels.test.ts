import { readFileSync } from 'node:fs';
import { loadPackCases, runChecks } from '@evalpacks/core';
import { inputHash, labelsPath } from '@evalpacks/core/calibration';
import { describe, expect, it } from 'vitest';
import { checkStarterLabels, formatCounts, type StarterLabel } from '../scripts/starter-labels.ts';
import { checks } from '../src/checks.ts';
import pack from '../src/index.ts';

const cases = await loadPackCases(pack);
const file = labelsPath(pack);
const text = readFileSync(file, 'utf8');

const caseOf = (id: string) => {
  const found = cases.find((testCase) => testCase.id === id);
  if (!found) throw new Error(`no case ${id}`);
  return found;
};
/** A sound label on the git-bisect-order case, to break one field at a time. */
const base: StarterLabel = {
  caseId: 'git-bisect-order',
  kind: 'finding',
  itemId: 'good-before-start',
  passed: false,
  note: 'The review never mentions the order of start and good.',
  inputSha256: inputHash(caseOf('git-bisect-order').input),
  answer: '## Section checklist\n- [x] Steps\n',
  toolCalls: [],
};
/** The other three items of base's answer, so a file of base plus these labels every item. */
const rest = ['absent-1', 'absent-2', 'absent-3'].map((itemId) => ({
  ...base,
  kind: 'absent' as const,
  itemId,
  passed: true,
}));
const check = (labels: object[]) =>
  checkStarterLabels('labels.jsonl', labels.map((label) => JSON.stringify(label)).join('\n'), cases);

describe('content-review starter labels', () => {
  it('are sound against the cases, with these counts', () => {
    const report = checkStarterLabels(file, text, cases);
    expect(report.problems).toEqual([]);
    expect(report.counts).toEqual({
      items: 67,
      answers: 15,
      cases: 8,
      findingsPassed: 15,
      findingsMissed: 12,
      baitPassed: 29,
      baitFailed: 11,
    });
    expect(formatCounts(report.counts)).toBe(
      [
        'items     67 on 15 answers to 8 dev cases',
        'findings  27: 15 caught, 12 missed',
        'bait      40: 29 resisted, 11 fell for',
      ].join('\n'),
    );
  });

  it('keep the review format the prompt asks for in every answer', () => {
    // The structural checks, not the two a bait answer fails on purpose (a remark on the voice, a finding
    // on a clean draft): those are what some answers are labelled for.
    const format = checks.filter((candidate) => !['stays-in-scope', 'no-invented-findings'].includes(candidate.id));
    const answers = new Map(checkStarterLabels(file, text, cases).labels.map((label) => [label.answer, label.caseId]));
    for (const [answer, caseId] of answers) {
      const failed = runChecks(format, { input: '', answer, toolCalls: [] } as never, caseOf(caseId))
        .filter((result) => !result.passed)
        .map((result) => `${caseId}: ${result.id}`);
      expect(failed).toEqual([]);
    }
  });

  it('accept a sound file and count it', () => {
    const report = check([base, ...rest]);
    expect(report.problems).toEqual([]);
    expect(report.counts).toMatchObject({ items: 4, answers: 1, findingsMissed: 1, baitPassed: 3, baitFailed: 0 });
  });

  it('refuse a test-split case, an unknown item, a wrong kind, a stale input and an empty answer, naming line and field', () => {
    const testSplit = {
      ...base,
      caseId: 'cache-control-no-cache',
      inputSha256: inputHash(caseOf('cache-control-no-cache').input),
    };
    const report = check([
      testSplit,
      { ...base, itemId: 'no-such-finding' },
      { ...base, kind: 'absent', itemId: 'absent-4' },
      { ...base, inputSha256: 'a'.repeat(64) },
      { ...base, caseId: 'nope' },
      { ...base, kind: 'rubric' },
      { ...base, answer: '  \n' },
    ]);
    expect(report.problems).toEqual([
      'labels.jsonl:1: field "caseId": case "cache-control-no-cache" is on the test split',
      'labels.jsonl:1: field "itemId": "good-before-start" is no finding item of "cache-control-no-cache" (has: no-cache-is-not-no-store)',
      'labels.jsonl:2: field "itemId": "no-such-finding" is no finding item of "git-bisect-order" (has: good-before-start)',
      'labels.jsonl:3: field "itemId": "absent-4" is no absent item of "git-bisect-order" (has: absent-1, absent-2, absent-3)',
      'labels.jsonl:4: field "inputSha256": does not match the input of case "git-bisect-order"',
      'labels.jsonl:5: field "caseId": no case "nope" in the pack',
      'labels.jsonl:6: field "itemId": "good-before-start" is no rubric item of "git-bisect-order" (has: none)',
      'labels.jsonl:7: field "answer": empty; give the whole agent answer',
    ]);
    expect(report.counts.items).toBe(0);
  });

  it('refuse the verdict form, bad JSON, a repeated item and an answer with items left unlabelled', () => {
    const report = checkStarterLabels(
      'labels.jsonl',
      [
        JSON.stringify({ ...base, label: 'agree' }),
        '{"caseId":',
        JSON.stringify({ ...base, passed: 'yes' }),
        JSON.stringify({ ...base, note: '' }),
        JSON.stringify(base),
        JSON.stringify(base),
      ].join('\n'),
      cases,
    );
    expect(report.problems).toEqual([
      'labels.jsonl:1: field "label": Unrecognized key: "label"',
      expect.stringMatching(/^labels\.jsonl:2: invalid JSON: /),
      'labels.jsonl:3: field "passed": Invalid input: expected boolean, received string',
      'labels.jsonl:4: field "note": Too small: expected string to have >=1 characters',
      'labels.jsonl:6: labels "git-bisect-order" item "good-before-start" of the same answer again (line 5)',
      'labels.jsonl:5: the answer to "git-bisect-order" has no label on absent:absent-1, absent:absent-2, absent:absent-3',
    ]);
  });
});
