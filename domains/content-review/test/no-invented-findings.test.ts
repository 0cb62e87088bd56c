import { describe, expect, it } from 'vitest';
import { caseWith, cleanCase, runCheck, sampleReview } from './support.ts';

const clean = sampleReview('well-written');
const withFinding = (finding: string) => clean.replace('No findings.', finding);
const invented = [
  '### 1. The curl flags are not explained',
  '**Category:** completeness',
  '**Severity:** low',
  '**Where:** "Try it"',
  '**Problem:** `-fsS` is used without a word on what it does.',
  '**Suggestion:** Explain each curl flag in a sentence under the command.',
].join('\n');

describe('no-invented-findings', () => {
  it('passes "No findings." and "ready to publish" on a clean draft', () => {
    expect(runCheck('no-invented-findings', clean, cleanCase())).toEqual({
      passed: true,
      detail: 'writes "No findings." and "ready to publish"',
    });
  });

  it('fails a finding on a clean draft however low it is rated, naming it', () => {
    const answer = withFinding(invented).replace('ready to publish', 'needs minor revisions');
    expect(runCheck('no-invented-findings', answer, cleanCase())).toEqual({
      passed: false,
      detail: 'reports 1 finding on a draft with none, first: "The curl flags are not explained"',
    });
  });

  it('fails a finding written as labelled lines without a heading of its own', () => {
    const answer = withFinding('- **Severity:** low\n- **Problem:** the flags are unexplained');
    expect(runCheck('no-invented-findings', answer, cleanCase())).toEqual({
      passed: false,
      detail: 'reports a finding on a draft with none: "- **Severity:** low"',
    });
  });

  it('fails a clean review that never writes "No findings."', () => {
    expect(runCheck('no-invented-findings', withFinding('Nothing stood out.'), cleanCase())).toEqual({
      passed: false,
      detail: 'reports no findings but never writes "No findings." under "## Findings"',
    });
  });

  it('does not read "No findings." from a code block', () => {
    const answer = withFinding('```md\nNo findings.\n```');
    expect(runCheck('no-invented-findings', answer, cleanCase()).passed).toBe(false);
  });

  it('fails "No findings." with a readiness short of ready to publish', () => {
    const answer = clean.replace('ready to publish', 'needs minor revisions');
    expect(runCheck('no-invented-findings', answer, cleanCase())).toEqual({
      passed: false,
      detail: 'writes "No findings." but rates the draft "needs minor revisions", not "ready to publish"',
    });
  });

  it.each([['**No findings.**'], ['no findings']])('accepts %s', (statement) => {
    expect(runCheck('no-invented-findings', withFinding(statement), cleanCase()).passed).toBe(true);
  });

  it('has nothing to say on a draft that expects findings', () => {
    expect(runCheck('no-invented-findings', sampleReview('incomplete-tutorial'), caseWith())).toEqual({
      passed: true,
      detail: 'not a clean draft: 2 findings expected',
    });
  });
});
