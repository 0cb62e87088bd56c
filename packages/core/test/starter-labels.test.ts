import { describe, expect, it } from 'vitest';
import { inputHash } from '../src/calibration/label-key.ts';
import { parseLabels } from '../src/calibration/labels-file.ts';
import { starterLabelProblems, starterProblemText } from '../src/calibration/starter-labels.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { CaseSchema } from '../src/schema/case.ts';

const pack = definePack({ name: 'p', description: 'd', root: '/tmp', judge: { subject: 'code review' } });
const injection = { id: 'injection', description: 'SQL built from input', severity: 'high' };
const cases = [
  { id: 'sql', input: 'const id = event.id;', split: 'dev', expectedFindings: [injection], expectedAbsent: ['style'] },
  { id: 'held', input: 'held out', split: 'test', rubric: 'Says no.' },
  { id: 'chat', input: 'hi', split: 'dev', rubric: 'Helps.', user: { script: ['more'] } },
  { id: 'ask', input: 'hello', split: 'dev', rubric: 'Greets back.' },
].map((testCase) => CaseSchema.parse({ name: testCase.id, ...testCase }));

const label = (fields: Record<string, unknown> = {}) => {
  const caseId = (fields.caseId as string | undefined) ?? 'sql';
  const input = cases.find((testCase) => testCase.id === caseId)?.input ?? '';
  return JSON.stringify({
    caseId,
    kind: 'finding',
    itemId: 'injection',
    passed: true,
    note: 'Names the concatenated id.',
    inputSha256: inputHash(input),
    answer: 'review one',
    ...fields,
  });
};
const whole = (fields: Record<string, unknown> = {}) =>
  [label(fields), label({ kind: 'absent', itemId: 'absent-1', passed: false, ...fields })].join('\n');
const problems = (text: string, options = {}) =>
  starterLabelProblems(pack, cases, 'labels.jsonl', text, options).problems.map(starterProblemText);

describe('starterLabelProblems', () => {
  it('accepts an answer labelled on every item, and counts labels by kind and outcome and answers in order', () => {
    const text = `${whole()}\n\n${whole({ answer: 'review two' })}\n${label({ caseId: 'ask', kind: 'rubric', itemId: 'rubric' })}`;
    const check = starterLabelProblems(pack, cases, 'labels.jsonl', text, { everyItem: true, singleMessage: true });
    expect(check.problems).toEqual([]);
    expect(check.olderForm).toBe(0);
    expect(check.labels.map(({ line }) => line)).toEqual([1, 2, 4, 5, 6]);
    expect(check.answers.map(({ caseId, line, labels }) => [caseId, line, labels.length])).toEqual([
      ['sql', 1, 2],
      ['sql', 4, 2],
      ['ask', 6, 1],
    ]);
    expect(check.counts).toEqual({
      finding: { passed: 2, failed: 0 },
      absent: { passed: 0, failed: 2 },
      rubric: { passed: 1, failed: 0 },
    });
  });

  it('names file, line and field of each label that does not fit its case, and counts none of them', () => {
    const text = [
      label({ caseId: 'nope' }),
      label({ caseId: 'held', kind: 'rubric', itemId: 'rubric' }),
      label({ itemId: 'absent-1' }),
      label({ kind: 'absent', itemId: 'absent-2' }),
      label({ inputSha256: 'a'.repeat(64) }),
      label({ note: 'one\ntwo' }),
      label({ answer: ' ' }),
      label({ caseId: 'chat', kind: 'rubric', itemId: 'rubric' }),
    ].join('\n');
    const check = starterLabelProblems(pack, cases, 'labels.jsonl', text, { singleMessage: true });
    expect(check.problems.slice(0, 2)).toEqual([
      { file: 'labels.jsonl', line: 1, field: 'caseId', message: 'no case "nope" in the pack' },
      { file: 'labels.jsonl', line: 2, field: 'caseId', message: 'case "held" is on the test split' },
    ]);
    expect(check.problems.map(starterProblemText).slice(2)).toEqual([
      'labels.jsonl:3: field "itemId": "absent-1" is no finding item of "sql" (has: injection)',
      'labels.jsonl:4: field "itemId": "absent-2" is no absent item of "sql" (has: absent-1)',
      'labels.jsonl:5: field "inputSha256": does not match the input of case "sql"',
      'labels.jsonl:6: field "note": must be one line',
      'labels.jsonl:7: field "answer": empty; give the whole agent answer',
      'labels.jsonl:8: field "caseId": case "chat" is a conversation, not a single message',
    ]);
    expect(check.labels).toEqual([]);
    expect(check.counts.finding).toEqual({ passed: 0, failed: 0 });
  });

  it('takes a conversation case unless the pack asks for single messages', () => {
    expect(problems(label({ caseId: 'chat', kind: 'rubric', itemId: 'rubric' }))).toEqual([]);
  });

  it('with everyItem, refuses an answer with an item left unlabelled, on the line of its first label', () => {
    expect(problems(`${label({ answer: 'other' })}\n${label()}`, { everyItem: true })).toEqual([
      'labels.jsonl:1: the answer to "sql" has no label on absent:absent-1',
      'labels.jsonl:2: the answer to "sql" has no label on absent:absent-1',
    ]);
    expect(problems(label())).toEqual([]);
  });

  it('lists every line core cannot read (JSON, schema, the same item twice) and counts the older form', () => {
    const older = JSON.stringify({
      ...JSON.parse(label({ answer: 'review on a verdict' })),
      passed: undefined,
      note: undefined,
      label: 'agree',
      verdict: { passed: true, reasoning: 'x', model: 'judge' },
    });
    const text = ['{"caseId":', label({ passed: 'yes' }), label(), label(), older].join('\n');
    const check = starterLabelProblems(pack, cases, 'labels.jsonl', text);
    expect(check.problems.map(starterProblemText)).toEqual([
      expect.stringMatching(/^labels\.jsonl:1: invalid JSON: /),
      'labels.jsonl:2: field "passed": Invalid input: expected boolean, received string',
      'labels.jsonl:4: labels "sql" item "injection" of the same answer again (line 3)',
    ]);
    expect(check.olderForm).toBe(1);
    expect(check.labels.map(({ line }) => line)).toEqual([3]);
    // parseLabels reads the same lines and stops at the first bad one.
    expect(() => parseLabels('labels.jsonl', text)).toThrow(/^labels\.jsonl:1: invalid JSON: /);
  });
});
