import { loadPackCases, loadPackVariant, missingParts, runChecks } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import pack from '../src/index.ts';
import { FENCE_NAME, handlerLanguage } from '../src/language.ts';
import { TOTAL_LINE } from '../src/review-format.ts';
import { referenceAnswer, transcriptOf } from './support.ts';

const cases = await loadPackCases(pack);
const cleanCases = cases.filter((testCase) => testCase.expectedFindings.length === 0);

describe('code-review pack', () => {
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

  it('reviews TypeScript and Python handlers, with fixes fenced in the handler language', async () => {
    const { role = '', expectation = '' } = (await loadPackVariant(pack, 'baseline')).sections;
    expect(role).toMatch(/TypeScript for Node\.js or in Python/);
    expect(role).toMatch(/boto3/);
    expect(expectation).toContain('`ts` for TypeScript, `python` for Python');
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

  it('has a judge that knows it reads code reviews', () => {
    expect(pack.judge.subject).toBe('code review');
    expect(pack.judge.guidance).toMatch(/^Count a finding as caught only if/);
  });
});

/** A well-formatted review that reports one made-up finding: table row, rated section, fix, Total. */
function withInventedFinding(answer: string, fence: string): string {
  const lines = answer.split('\n');
  const delimiter = lines.findIndex((line) => /^\|\s*-+\s*\|/.test(line));
  lines.splice(delimiter + 1, 0, '| 1 | Missing authorization on the record read | critical | handler |');
  const section = [
    '## Findings',
    '',
    '### 1. Missing authorization on the record read',
    '',
    '**Severity:** critical',
    '',
    '**Description:** Any caller can read any record by changing the id.',
    '',
    '**Problematic code:**',
    `\`\`\`${fence}`,
    'const id = event.id',
    '```',
    '',
    '**Fix:**',
    `\`\`\`${fence}`,
    'assertOwner(caller, id)',
    '```',
    '',
  ];
  const total = lines.findLastIndex((line) => TOTAL_LINE.test(line));
  lines.splice(total, 1, ...section, '**Total: 1 critical, 0 high, 0 medium, 0 low**');
  return lines.join('\n').replace(/^No [^\n]*issues found\.$/m, '');
}

describe('the zero-findings rule', () => {
  it('has clean cases to hold to it', () => {
    expect(cleanCases.length).toBeGreaterThan(0);
  });

  it('fails every clean case on a review that invents a finding, and only on that rule', () => {
    for (const testCase of cleanCases) {
      const fence = FENCE_NAME[handlerLanguage(testCase)];
      const answer = withInventedFinding(referenceAnswer(testCase.id).answer, fence);
      const failed = runChecks(pack.checks, transcriptOf(answer, testCase.input), testCase).filter((r) => !r.passed);
      expect(
        failed.map((result) => [result.id, result.part, result.detail]),
        testCase.id,
      ).toEqual([
        [
          'no-invented-findings',
          'narrowing',
          'reports 1 finding on code with none, first: "Missing authorization on the record read"',
        ],
      ]);
    }
  });
});
