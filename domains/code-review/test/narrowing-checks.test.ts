import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caseWith, cleanCase, runCheck, sampleReview } from './support.ts';

const good = sampleReview('basic-vulnerabilities');
const clean = sampleReview('false-positive-bait');
const bad = (name: string) => readFileSync(new URL(`samples/bad/${name}.review.md`, import.meta.url), 'utf8');

describe('no-full-rewrite', () => {
  const handler = caseWith({ input: 'line\n'.repeat(33) });

  it('passes targeted fixes', () => {
    expect(runCheck('no-full-rewrite', good, handler)).toEqual({
      passed: true,
      detail: 'longest code block is 10 of 113 lines (a rewrite is over 25 lines and over 40% of the answer)',
    });
  });

  it('fails a review that rewrites the whole handler', () => {
    expect(runCheck('no-full-rewrite', bad('full-rewrite'), handler)).toEqual({
      passed: false,
      detail: 'longest code block is 37 of 53 lines (a rewrite is over 25 lines and over 40% of the answer)',
    });
  });

  it('spares one long block in a long review of many findings', () => {
    const answer = `${'finding text\n'.repeat(80)}\`\`\`ts\n${'fix();\n'.repeat(45)}\`\`\``;
    expect(runCheck('no-full-rewrite', answer, caseWith({ input: 'line\n'.repeat(200) }))).toEqual({
      passed: true,
      detail: 'longest code block is 45 of 127 lines (a rewrite is over 40 lines and over 40% of the answer)',
    });
  });

  it('never calls a block of ten lines or fewer a rewrite, however short the input', () => {
    const answer = `Fix:\n\`\`\`ts\n${'fix();\n'.repeat(10)}\`\`\``;
    expect(runCheck('no-full-rewrite', answer).passed).toBe(true);
  });

  it('passes a review without code', () => {
    expect(runCheck('no-full-rewrite', clean, cleanCase())).toEqual({
      passed: true,
      detail: 'no code blocks in 17 lines',
    });
  });
});

describe('stays-in-scope', () => {
  it('passes a review that sticks to security, performance and reliability', () => {
    expect(runCheck('stays-in-scope', good)).toEqual({
      passed: true,
      detail: 'no style, readability, naming or formatting remarks',
    });
  });

  it('fails a review that adds naming and formatting advice, quoting the first remark', () => {
    expect(runCheck('stays-in-scope', bad('style-drift'))).toEqual({
      passed: false,
      detail: 'found 4 out-of-scope remarks, first: "Unclear variable naming"',
    });
  });

  it('quotes a remark with its inline code', () => {
    expect(runCheck('stays-in-scope', 'Rename `d` to `member` so the handler is easier to read.')).toEqual({
      passed: false,
      detail: 'found 1 out-of-scope remark, first: "Rename `d` to `member` so the handler is easier to read."',
    });
  });

  it.each([
    ['a denial', 'This is not a style issue: the SSN reaches every caller.'],
    ['a negated list', 'No style, naming or formatting issues were considered.'],
    ['a scope disclaimer', 'Naming and formatting are out of scope for this review.'],
    ['a note on what was skipped', 'Indentation and naming were not reviewed.'],
    ['string formatting as an injection vector', 'The FilterExpression is built by string formatting.'],
    ['a hyphenated style', 'The callback-style handler never resolves on error.'],
    ['readable data', 'The SSN is readable by any origin.'],
    ['topic words inside inline code', 'Use `formatResponse()` and `styleGuard` for the body.'],
    ['topic words inside code blocks', '```ts\n// rename for readability\nconst style = 1;\n```'],
    ['Python %-formatting as an injection vector', 'The SQL text is built with %-formatting of `user_id`.'],
    ['Python f-string formatting as an injection vector', 'The shell command comes from f-string formatting.'],
  ])('passes %s', (_, answer) => {
    expect(runCheck('stays-in-scope', answer).passed).toBe(true);
  });

  it.each([
    ['PEP 8', 'Follow PEP 8 line lengths in the handler.'],
    ['docstrings', 'Add a docstring to `handler` describing the event.'],
  ])('fails a Python style remark: %s', (_, answer) => {
    expect(runCheck('stays-in-scope', answer)).toEqual({
      passed: false,
      detail: `found 1 out-of-scope remark, first: "${answer}"`,
    });
  });

  it('is not fooled by a negation that belongs to another clause', () => {
    expect(runCheck('stays-in-scope', 'The name `d` is not descriptive; rename it.')).toEqual({
      passed: false,
      detail: 'found 1 out-of-scope remark, first: "rename it."',
    });
  });

  it('shortens a long quote', () => {
    const answer = `Consider reformatting ${'the whole object literal '.repeat(5)}`;
    expect(runCheck('stays-in-scope', answer).detail).toBe(
      `found 1 out-of-scope remark, first: "${answer.slice(0, 79)}…"`,
    );
  });
});

describe('no-invented-findings', () => {
  const header = '## Summary\n\n| # | Finding | Severity | Location |\n|---|---|---|---|';
  const cleanReview = (verdict: string, total = '**Total: 0 critical, 0 high, 0 medium, 0 low**') =>
    `${header}\n\n${verdict}\n\n${total}`;

  it('passes the clean format of the Expectation on a clean case, quoting the verdict', () => {
    expect(runCheck('no-invented-findings', clean, cleanCase())).toEqual({
      passed: true,
      detail: 'reports no findings and says so: "No security, performance or reliability issues found."',
    });
  });

  it.each([
    ['in other words', 'No problems were found in this handler.'],
    ['in the first person', 'I found no security or reliability issues.'],
  ])('accepts the verdict said %s', (_, verdict) => {
    expect(runCheck('no-invented-findings', cleanReview(verdict), cleanCase()).passed).toBe(true);
  });

  it('fails a clean case whose review lists a finding in its table, naming the first', () => {
    const answer = `${header}\n| 1 | IDOR on \`invoiceId\` | critical | handler |\n| 2 | Key | low | test |\n\n**Total: 1 critical, 0 high, 0 medium, 1 low**`;
    expect(runCheck('no-invented-findings', answer, cleanCase())).toEqual({
      passed: false,
      detail: 'reports 2 findings on code with none, first: "IDOR on `invoiceId`"',
    });
  });

  it('fails a finding rated outside the table, however low', () => {
    const answer = `${cleanReview('No issues found.')}\n\n### 1. Client reuse\n**Severity:** low`;
    expect(runCheck('no-invented-findings', answer, cleanCase())).toEqual({
      passed: false,
      detail: 'rates a finding (low) on code with none',
    });
  });

  it('fails a Total that counts a finding the table does not show', () => {
    const answer = cleanReview('No issues found.', '**Total: 0 critical, 0 high, 1 medium, 0 low**');
    expect(runCheck('no-invented-findings', answer, cleanCase())).toEqual({
      passed: false,
      detail: 'counts 1 finding in its Total on code with none',
    });
  });

  it('fails a clean review that never says it found nothing', () => {
    expect(runCheck('no-invented-findings', cleanReview('The handler looks fine to me.'), cleanCase())).toEqual({
      passed: false,
      detail: 'reports no findings but never says so ("No ... issues found.")',
    });
  });

  it('does not take the verdict from a code block', () => {
    const answer = cleanReview('```ts\n// No issues found.\n```');
    expect(runCheck('no-invented-findings', answer, cleanCase()).passed).toBe(false);
  });

  it('has nothing to say on a case that expects findings', () => {
    expect(runCheck('no-invented-findings', good)).toEqual({
      passed: true,
      detail: 'not a clean case: 2 findings expected',
    });
  });
});
