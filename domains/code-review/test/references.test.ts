import { loadPackCases, runChecks } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import pack from '../src/index.ts';
import { SEVERITIES, summaryTable, totalCounts } from '../src/review-format.ts';
import { rawCases, referenceAnswer, transcriptOf } from './support.ts';

const cases = await loadPackCases(pack);
const acceptableCount = new Map(
  (await rawCases()).map((raw) => [raw.id, Array.isArray(raw.acceptable) ? raw.acceptable.length : 0]),
);

/** The severities a review's summary table assigns, one per row, in scale order. */
function tableSeverities(answer: string): string[] {
  const table = summaryTable(answer);
  const column = table?.header.findIndex((cell) => /severity/i.test(cell)) ?? -1;
  const rated = (table?.rows ?? []).map((row) => (row[column] ?? '').replace(/`/g, '').trim().toLowerCase());
  return rated.sort((a, b) => SEVERITIES.indexOf(a as never) - SEVERITIES.indexOf(b as never));
}

describe('the reference answer of every case', () => {
  it.each(cases.map((testCase) => [testCase.id, testCase] as const))(
    '%s passes every structural check',
    (_, testCase) => {
      const reference = referenceAnswer(testCase.id);
      expect(reference.input).toBe(testCase.input);
      const results = runChecks(pack.checks, transcriptOf(reference.answer, testCase.input), testCase);
      expect(results.filter((result) => !result.passed)).toEqual([]);
      expect(results).toHaveLength(pack.checks.length);
    },
  );

  it.each(cases.map((testCase) => [testCase.id] as const))('%s says it was written by hand', (id) => {
    const { model, usage, latencyMs, toolCalls } = referenceAnswer(id);
    expect({ model, usage, latencyMs, toolCalls }).toEqual({
      model: 'hand-written reference',
      usage: { input: 0, output: 0 },
      latencyMs: 0,
      toolCalls: [],
    });
  });

  it.each(cases.map((testCase) => [testCase.id, testCase] as const))(
    '%s rates every expected finding as the case does, and counts what its table lists',
    (_, testCase) => {
      const { answer } = referenceAnswer(testCase.id);
      const rows = tableSeverities(answer);
      const expected = testCase.expectedFindings.map((finding) => finding.severity);
      const remaining = [...rows];
      for (const severity of expected) {
        const at = remaining.indexOf(severity);
        expect(at, `no ${severity} row left for the expected findings of ${testCase.id}`).toBeGreaterThanOrEqual(0);
        remaining.splice(at, 1);
      }
      // Rows beyond the expected findings may only be the case's acceptable issues.
      expect(remaining.length).toBeLessThanOrEqual(acceptableCount.get(testCase.id) ?? 0);
      expect(totalCounts(answer)).toEqual(SEVERITIES.map((level) => rows.filter((row) => row === level).length));
    },
  );
});
