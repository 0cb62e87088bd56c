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
  ])('passes %s', (_, answer) => {
    expect(runCheck('stays-in-scope', answer).passed).toBe(true);
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
