import { describe, expect, it } from 'vitest';
import { answerContains, turnsWithin } from '../src/checks/answer-checks.ts';
import { sampleCase, transcriptWith } from './support.ts';

describe('answerContains', () => {
  it('ignores case', () => {
    const check = answerContains('Paris');
    expect(check).toMatchObject({ id: 'answer-contains-paris', name: 'Answer contains "Paris"', part: 'expectation' });
    expect(check.run(transcriptWith([], 'The capital is PARIS.'), sampleCase)).toEqual({
      passed: true,
      detail: 'the answer contains "Paris"',
    });
  });

  it('fails when the keyword is missing or the answer empty', () => {
    const check = answerContains(':');
    expect(check.id).toBe('answer-contains');
    expect(check.run(transcriptWith([], 'It is noon'), sampleCase)).toEqual({
      passed: false,
      detail: 'the answer must contain ":" (ignoring case); it does not',
    });
    expect(check.run(transcriptWith([], '  '), sampleCase).detail).toBe(
      'the answer must contain ":" (ignoring case); the answer is empty',
    );
  });
});

describe('answerContains with alternatives', () => {
  it('passes when any alternative appears, ignoring case, and names the one it found', () => {
    const check = answerContains(['5', 'five']);
    expect(check).toMatchObject({ id: 'answer-contains-5-or-five', name: 'Answer contains "5" or "five"' });
    expect(check.run(transcriptWith([], 'The text has FIVE words.'), sampleCase)).toEqual({
      passed: true,
      detail: 'the answer contains "five"',
    });
    expect(check.run(transcriptWith([], 'It has 5 words.'), sampleCase).passed).toBe(true);
  });

  it('fails when none appears, naming every alternative', () => {
    expect(answerContains(['5', 'five']).run(transcriptWith([], 'It has four words.'), sampleCase)).toEqual({
      passed: false,
      detail: 'the answer must contain "5" or "five" (ignoring case); it does not',
    });
    expect(answerContains(['a', 'b', 'c']).name).toBe('Answer contains "a", "b" or "c"');
  });

  it('reads a list of one as the plain keyword', () => {
    expect(answerContains(['Paris'])).toMatchObject({ id: 'answer-contains-paris', name: 'Answer contains "Paris"' });
  });
});

describe('turnsWithin', () => {
  it('passes at the limit and fails above it', () => {
    const check = turnsWithin(2);
    expect(check).toMatchObject({ name: 'Finishes within 2 turns', part: 'steps' });
    expect(check.run(transcriptWith([], 'ok', 2), sampleCase)).toEqual({ passed: true, detail: 'finished in 2 turns' });
    expect(check.run(transcriptWith([], 'ok', 3), sampleCase)).toEqual({
      passed: false,
      detail: 'the agent must finish within 2 turns; it took 3 turns',
    });
  });

  it('fails a loop that was stopped at the turn limit, even within the count', () => {
    const stopped = { ...transcriptWith([], '', 2), turnLimitReached: true };
    expect(turnsWithin(2).run(stopped, sampleCase)).toEqual({
      passed: false,
      detail: 'the agent must finish within 2 turns; it took 2 turns and was stopped before it answered',
    });
  });
});
