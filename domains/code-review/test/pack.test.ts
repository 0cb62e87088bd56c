import { loadPackCases, loadPackVariant, missingParts, runChecks } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import pack from '../src/index.ts';
import { TOTAL_LINE } from '../src/review-format.ts';
import { sampleReview, transcriptOf } from './support.ts';

describe('code-review pack', () => {
  it('loads its three cases, ids from the file names', async () => {
    const cases = await loadPackCases(pack);
    expect(cases.map((c) => [c.id, c.expectedFindings.length, c.expectedAbsent.length])).toEqual([
      ['basic-vulnerabilities', 5, 0],
      ['false-positive-bait', 0, 3],
      ['subtle-issues', 4, 0],
    ]);
  });

  it('rates the findings of each vulnerable case at more than one level', async () => {
    for (const testCase of await loadPackCases(pack)) {
      if (testCase.expectedFindings.length === 0) continue;
      expect(new Set(testCase.expectedFindings.map((f) => f.severity)).size).toBeGreaterThan(1);
    }
  });

  it.each(['baseline', 'v2'])('has all five RISEN sections in the %s prompt', async (name) => {
    expect(missingParts(await loadPackVariant(pack, name))).toEqual([]);
  });

  it('differs between baseline and v2 only in Steps, where v2 adds NoSQL injection and idempotency', async () => {
    const baseline = await loadPackVariant(pack, 'baseline');
    const v2 = await loadPackVariant(pack, 'v2');
    expect(v2.sections.steps).toMatch(/NoSQL injection/);
    expect(v2.sections.steps).toMatch(/ExpressionAttributeValues/);
    expect(v2.sections.steps).toMatch(/idempoten/i);
    expect(baseline.sections.steps).not.toMatch(/NoSQL|idempoten/i);
    const { steps: _v2Steps, ...v2Rest } = v2.sections;
    const { steps: _baseSteps, ...baseRest } = baseline.sections;
    expect(v2Rest).toEqual(baseRest);
  });

  it('asks in its Expectation for a count line the summary-count check accepts', async () => {
    const { expectation = '' } = (await loadPackVariant(pack, 'baseline')).sections;
    const examples = [...expectation.matchAll(/`(\*\*Total:[^`]*)`/g)].map((match) => match[1] ?? '');
    expect(examples).toEqual([
      '**Total: 2 critical, 1 high, 0 medium, 1 low**',
      '**Total: 0 critical, 0 high, 0 medium, 0 low**',
    ]);
    for (const example of examples) expect(example).toMatch(TOTAL_LINE);
  });

  it.each(['basic-vulnerabilities', 'subtle-issues', 'false-positive-bait'])(
    'passes every check on the sample review of %s',
    async (id) => {
      const testCase = (await loadPackCases(pack)).find((c) => c.id === id);
      if (!testCase) throw new Error(`no case ${id}`);
      const results = runChecks(pack.checks, transcriptOf(sampleReview(id), testCase.input), testCase);
      expect(results.filter((result) => !result.passed)).toEqual([]);
      expect(results).toHaveLength(6);
    },
  );

  it('has a judge that knows it reads code reviews', () => {
    expect(pack.judge.subject).toBe('code review');
    expect(pack.judge.guidance).toMatch(/^Count a finding as caught only if/);
  });
});
