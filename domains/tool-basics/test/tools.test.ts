import { invokeTool } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { basicTools, countWords, formatLocalTime } from '../src/tools.ts';

describe('the basic tools', () => {
  it('count whitespace-separated words, as the tutorial does', () => {
    expect(countWords('Evals catch quiet agent regressions')).toBe(5);
    expect(countWords('  one\ttwo\n three  ')).toBe(3);
    expect(countWords('')).toBe(0);
  });

  it('give the local time with a colon in it', () => {
    expect(formatLocalTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });

  it('run through core with validated input', async () => {
    const [clock, words] = basicTools(() => new Date(2026, 6, 10, 12, 44, 39));
    if (!clock || !words) throw new Error('missing tools');
    await expect(invokeTool(clock, {})).resolves.toBe('2026-07-10 12:44:39');
    await expect(invokeTool(words, { text: 'a b c' })).resolves.toBe(3);
    await expect(invokeTool(words, {})).rejects.toThrow(
      'invalid arguments for word_count: text: Invalid input: expected string, received undefined',
    );
  });
});
