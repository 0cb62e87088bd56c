import { readFileSync } from 'node:fs';
import { loadPackCases } from '@evalpacks/core';
import { inputHash } from '@evalpacks/core/calibration';
import { describe, expect, it } from 'vitest';
import { checkStarterLabels } from '../scripts/check-starter-labels.ts';
import { STARTER_CLOCK } from '../scripts/starter-tools.ts';
import { readStarterAnswers, starterLabelsText } from '../scripts/write-starter-labels.ts';
import pack from '../src/index.ts';

const cases = await loadPackCases(pack);
const FILE = 'labels.jsonl';
const text = readFileSync(new URL('../calibration/labels.jsonl', import.meta.url), 'utf8');
const inputOf = (id: string) => inputHash(cases.find((testCase) => testCase.id === id)?.input ?? '');

const label = (fields: Record<string, unknown> = {}) => ({
  caseId: 'word-count',
  kind: 'rubric',
  itemId: 'rubric',
  passed: true,
  note: '"5 words", as word_count returned.',
  inputSha256: inputOf('word-count'),
  answer: 'That text has 5 words.',
  toolCalls: [{ name: 'word_count', arguments: { text: 'Evals catch quiet agent regressions' }, result: 5 }],
  ...fields,
});
const check = async (fields: Record<string, unknown>) =>
  (await checkStarterLabels(JSON.stringify(label(fields)), cases, FILE)).errors;

describe("the tool-basics pack's starter labels", () => {
  it('are all valid, one per answer on the 14 dev cases with a rubric, with both outcomes well represented', async () => {
    const report = await checkStarterLabels(text, cases, FILE);
    expect(report.errors).toEqual([]);
    expect(report.olderForm).toBe(0);
    expect(report.labels).toHaveLength(58);
    expect(report.rubric).toEqual({ met: 28, notMet: 30 });
    expect(report.perCase.size).toBe(14);
  });

  it('are what write-labels makes of scripts/starter-answers.json (no line edited by hand)', async () => {
    expect(text).toBe(await starterLabelsText(readStarterAnswers(), cases));
  });

  it('ran on a clock fixed at 2026-07-10 12:44:39 local time', () => {
    expect(STARTER_CLOCK().toString()).toBe(new Date('2026-07-10T12:44:39').toString());
  });
});

describe('checkStarterLabels', () => {
  it('accepts a label whose tool call replays to the stored result', async () => {
    expect(await check({})).toEqual([]);
  });

  it('names the line and field of a label that does not fit the pack', async () => {
    expect(await check({ caseId: 'no-such-case' })).toEqual([
      'labels.jsonl:1: field "caseId": no case "no-such-case" in the pack',
    ]);
    expect(await check({ caseId: 'todays-date', inputSha256: inputOf('todays-date') })).toEqual([
      'labels.jsonl:1: field "caseId": case "todays-date" is on the test split',
    ]);
    expect(await check({ kind: 'finding' })).toEqual([
      'labels.jsonl:1: field "itemId": "rubric" is no finding item of "word-count" (has: none)',
    ]);
    expect(await check({ inputSha256: inputOf('capital-of-france') })).toEqual([
      'labels.jsonl:1: field "inputSha256": does not match the input of case "word-count"',
    ]);
    expect(await check({ note: 'first\nsecond' })).toEqual(['labels.jsonl:1: field "note": must be one line']);
    expect((await check({ passed: 'yes' }))[0]).toMatch(/^labels\.jsonl:1: field "passed": /);
  });

  it("refuses a tool result the pack's tool does not give, and an error it does not throw", async () => {
    const call = { name: 'word_count', arguments: { text: 'Evals catch quiet agent regressions' } };
    expect(await check({ toolCalls: [{ ...call, result: 6 }] })).toEqual([
      'labels.jsonl:1: field "toolCalls[0]": word_count gives 5, not what the line holds',
    ]);
    expect(await check({ toolCalls: [{ ...call, error: 'timed out' }] })).toEqual([
      'labels.jsonl:1: field "toolCalls[0]": word_count gives 5, not what the line holds',
    ]);
    const badDate = { name: 'days_between', arguments: { start: '2026-01-05', end: '2026-30-03' }, result: 84 };
    expect(await check({ toolCalls: [badDate] })).toEqual([
      'labels.jsonl:1: field "toolCalls[0]": days_between gives error "invalid arguments for days_between: end: give a real date written YYYY-MM-DD", not what the line holds',
    ]);
  });
});
