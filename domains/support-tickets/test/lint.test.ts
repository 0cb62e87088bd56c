import { formatLintProblem, lintPack, referenceAnswerProblems } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import pack from '../src/index.ts';

// The pack's own bar, the one `pnpm lint-pack` holds every pack to: cited lines, near-duplicates, coverage,
// bait and split shares, and a hand-written reference answer that passes its own case's checks.
describe(`${pack.name} pack lint`, () => {
  it('passes pnpm lint-pack', async () => {
    expect((await lintPack(pack)).map((problem) => formatLintProblem(problem))).toEqual([]);
  });

  it('has a reference answer for every case that passes its checks', async () => {
    expect(await referenceAnswerProblems(pack)).toEqual([]);
  });
});
