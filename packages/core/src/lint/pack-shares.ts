import { join } from 'node:path';
import { isBait } from '../pack/bait.ts';
import type { Pack } from '../pack/define-pack.ts';
import { splitOf } from '../schema/split.ts';
import type { LintCase, LintProblem } from './lint-problem.ts';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Once any case has a category, every case has one, and every category holds enough cases. */
export function categoryProblems(cases: readonly LintCase[], minimum: number): LintProblem[] {
  if (!cases.some(({ testCase }) => testCase.category !== undefined)) return [];
  const problems: LintProblem[] = [];
  const byCategory = new Map<string, LintCase[]>();
  for (const item of cases) {
    const { category, id } = item.testCase;
    if (category === undefined) {
      problems.push({
        file: item.file,
        line: item.lineOf(['category']),
        field: 'category',
        message: `case "${id}" has no category, while other cases of the pack have one`,
      });
      continue;
    }
    byCategory.set(category, [...(byCategory.get(category) ?? []), item]);
  }
  for (const [category, members] of byCategory) {
    if (members.length >= minimum) continue;
    const [first] = members as [LintCase];
    problems.push({
      file: first.file,
      line: first.lineOf(['category']),
      field: 'category',
      message:
        `category "${category}" has ${members.length} case${members.length === 1 ? '' : 's'} ` +
        `(${members.map((m) => m.testCase.id).join(', ')}); every category needs at least ${minimum}`,
    });
  }
  return problems;
}

export interface ShareLimits {
  minBaitShare: number;
  devShare: readonly [number, number];
  splitFromCases: number;
}

/** The pack's bait share (when its cases expect findings at all) and dev share (from enough cases on). */
export function shareProblems(pack: Pack, cases: readonly LintCase[], limits: ShareLimits): LintProblem[] {
  const problems: LintProblem[] = [];
  const all = cases.map(({ testCase }) => testCase);
  const file = join(pack.root, 'cases');
  if (all.some((testCase) => testCase.expectedFindings.length > 0)) {
    const bait = all.filter(isBait).length;
    if (bait / all.length < limits.minBaitShare) {
      problems.push({
        file,
        field: 'expectedAbsent',
        message:
          `bait share ${percent(bait / all.length)} (${bait} of ${all.length} cases clean: no expected finding and ` +
          `an expectedAbsent item, or tag clean) is below ${percent(limits.minBaitShare)}; add clean cases`,
      });
    }
  }
  if (all.length >= limits.splitFromCases) {
    const dev = all.filter((testCase) => splitOf(testCase) === 'dev').length;
    const [low, high] = limits.devShare;
    if (dev / all.length < low || dev / all.length > high) {
      problems.push({
        file,
        field: 'split',
        message:
          `dev share ${percent(dev / all.length)} (${dev} of ${all.length} cases) is outside ` +
          `${percent(low)}–${percent(high)}; move cases between split: dev and split: test`,
      });
    }
  }
  return problems;
}
