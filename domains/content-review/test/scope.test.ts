import { describe, expect, it } from 'vitest';
import { runCheck, sampleReview } from './support.ts';

const incomplete = sampleReview('incomplete-tutorial');
const clean = sampleReview('well-written');
const drift = sampleReview('bad/voice-and-rewrite');
const longPassage = Array.from({ length: 9 }, (_, i) => `Sentence ${i + 1} says a little more.`).join(' ');

describe('stays-in-scope', () => {
  it('passes reviews that keep to completeness, structure, accuracy and clarity', () => {
    for (const answer of [incomplete, clean, sampleReview('factual-error')]) {
      expect(runCheck('stays-in-scope', answer)).toEqual({
        passed: true,
        detail: 'no remarks on voice or tone, no rewritten passages',
      });
    }
  });

  it('fails a finding about the tone, naming the word that gave it away', () => {
    expect(runCheck('stays-in-scope', drift)).toEqual({
      passed: false,
      detail: 'finding 1 "Tone is too casual for a technical blog" comments on the author\'s voice ("Tone")',
    });
  });

  it('fails a rewritten paragraph in a blockquote even without a remark on tone', () => {
    const answer = drift
      .replace('### 1. Tone is too casual for a technical blog', '### 1. Introduction')
      .replace(/\*\*Problem:\*\*.*/, '**Problem:** The introduction does not say what the post covers.');
    expect(runCheck('stays-in-scope', answer)).toEqual({
      passed: false,
      detail: 'a blockquote of 50 words rewrites the draft ("In this article, we describe how to imp…")',
    });
  });

  it.each([
    ['a prose block', `## Findings\n\n\`\`\`text\n${longPassage}\n\`\`\``, 'a prose block of 54 words'],
    [
      'a quoted replacement',
      `## Findings\n\n- Replace the intro with "${longPassage}"`,
      'a quoted passage of 54 words',
    ],
  ])('fails %s that rewrites the draft', (_, answer, what) => {
    expect(runCheck('stays-in-scope', answer)).toEqual({
      passed: false,
      detail: `${what} rewrites the draft ("Sentence 1 says a little more. Sentence…")`,
    });
  });

  it.each([
    [
      'a one-sentence quote that shows where a problem is',
      '> Called without arguments it orders numbers from smallest to largest.',
    ],
    ['an opinion on the voice outside any finding', `${clean}\nThe informal voice suits the post.`],
    ['long corrected code', `## Findings\n\n\`\`\`js\n${'const x = a + b; // add them\n'.repeat(20)}\`\`\``],
  ])('passes %s', (_, answer) => {
    expect(runCheck('stays-in-scope', answer).passed).toBe(true);
  });
});
