import type { Verdict } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { caseResult } from '../../../packages/store/test/support.ts';
import { verdictBlock } from '../src/views/verdict-block.ts';

const { case: testCase } = caseResult('c1');
const caught = (confidence?: number): Verdict => ({
  kind: 'finding',
  itemId: 'leak',
  model: 'judge:1b',
  usage: { input: 10, output: 5 },
  latencyMs: 3,
  status: 'ok',
  reasoning: 'It names the leak.',
  passed: true,
  ...(confidence !== undefined && { confidence }),
});

describe("the viewer's verdicts", () => {
  it('mark a low-confidence verdict as the console does, and nothing else', () => {
    const badge = (verdict: Verdict) =>
      /<span class="badge badge-low-confidence">([^<]*)<\/span>/.exec(String(verdictBlock(testCase, verdict, 0)))?.[1];
    expect(badge(caught(0.55))).toBe('low confidence 55.0%');
    expect(badge(caught(0.97))).toBeUndefined();
    expect(badge(caught())).toBeUndefined();
  });
});
