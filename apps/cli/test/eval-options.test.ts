import { describe, expect, it } from 'vitest';
import { parseEvalOptions } from '../src/commands/eval-options.ts';

describe('parseEvalOptions', () => {
  it('fills the documented defaults', () => {
    expect(parseEvalOptions({ domain: 'code-review' })).toEqual({
      domain: 'code-review',
      model: 'qwen3.5:4b',
      judgeStyle: 'structured',
      structuralOnly: false,
      skipStructural: false,
      judgeAlways: false,
      concurrency: 4,
      maxTurns: 6,
      timeout: 300,
      repeat: 1,
      ci: false,
      color: true,
      cache: true,
      offline: false,
      reporter: ['console'],
    });
  });

  it('reads numbers given as text and rejects bad ones with the flag name', () => {
    expect(parseEvalOptions({ domain: 'x', concurrency: '16' }).concurrency).toBe(16);
    expect(() => parseEvalOptions({ domain: 'x', concurrency: '0' })).toThrow('--concurrency must be at least 1');
    expect(() => parseEvalOptions({ domain: 'x', concurrency: 'many' })).toThrow('--concurrency must be a number');
    expect(() => parseEvalOptions({ domain: 'x', maxTurns: '2.5' })).toThrow('--max-turns must be a whole number');
  });

  it('asks for a domain and refuses contradictory choices', () => {
    expect(() => parseEvalOptions({})).toThrow('missing --domain NAME (see --list) or --pack PATH');
    expect(() => parseEvalOptions({ domain: 'x', pack: './p' })).toThrow(
      'use either --domain NAME or --pack PATH, not both',
    );
    expect(() => parseEvalOptions({ domain: 'x', judgeStyle: 'likert' })).toThrow(
      '--judge-style must be one of: structured, yes-no',
    );
    expect(parseEvalOptions({ domain: 'x', judgeStyle: 'yes-no' }).judgeStyle).toBe('yes-no');
    expect(() => parseEvalOptions({ domain: 'x', variant: 'v2', prompt: 'p.md' })).toThrow(
      'use either --variant NAME or --prompt FILE, not both',
    );
  });
});
