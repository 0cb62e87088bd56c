import { describe, expect, it } from 'vitest';
import { parseCompareOptions } from '../src/options/compare-options.ts';

describe('parseCompareOptions', () => {
  it('fills the documented defaults', () => {
    expect(parseCompareOptions({ domain: 'code-review', variant: 'v2' })).toEqual({
      domain: 'code-review',
      variant: 'v2',
      model: 'qwen3.5:4b',
      judgeStyle: 'structured',
      structuralOnly: false,
      skipStructural: false,
      concurrency: 4,
      maxTurns: 6,
      timeout: 300,
      repeat: 1,
      seed: 1,
      ci: false,
      color: true,
      reporter: ['console'],
    });
  });

  it('reads --repeat, --policy and --seed given as text', () => {
    const options = parseCompareOptions({
      domain: 'x',
      variantModel: 'm',
      repeat: '5',
      policy: 'min-rate=0.8',
      seed: '42',
    });
    expect(options).toMatchObject({ repeat: 5, policy: 'min-rate:0.8', seed: 42 });
    expect(parseCompareOptions({ domain: 'x', variantModel: 'm', judgeStyle: 'yes-no' }).judgeStyle).toBe('yes-no');
  });

  it('reads --max-cost, and refuses it where no model is called', () => {
    expect(parseCompareOptions({ domain: 'x', variant: 'v2', maxCost: '0.5' }).maxCost).toBe(0.5);
    expect(() => parseCompareOptions({ domain: 'x', variant: 'v2', maxCost: 'lots' })).toThrow(
      '--max-cost must be a number of US dollars',
    );
    expect(() => parseCompareOptions({ runs: ['1', '2'], maxCost: '1' })).toThrow(
      '--runs makes no model call; drop --max-cost',
    );
  });

  it('reads --max-flaky over repeats and refuses it on one epoch', () => {
    expect(parseCompareOptions({ domain: 'x', variant: 'v2', repeat: '3', maxFlaky: '1' }).maxFlaky).toBe(1);
    expect(() => parseCompareOptions({ domain: 'x', variant: 'v2', maxFlaky: '1' })).toThrow(
      '--max-flaky counts items that flipped between epochs; it needs --repeat 2 or more',
    );
  });

  it('refuses a comparison of nothing and bad numbers, naming the flag', () => {
    expect(() => parseCompareOptions({ domain: 'x' })).toThrow('nothing to compare');
    expect(() => parseCompareOptions({ domain: 'x', variant: 'v2', repeat: '0' })).toThrow(
      '--repeat must be at least 1',
    );
    expect(() => parseCompareOptions({ domain: 'x', variant: 'v2', policy: 'some' })).toThrow(
      '--policy "some" is not one of majority, all, any, min-rate:R (0 < R ≤ 1)',
    );
  });
});
