import { describe, expect, it } from 'vitest';
import { defineCheck } from '../src/checks/define-check.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { packFigures } from '../src/pack/pack-figures.ts';
import { CaseSchema } from '../src/schema/case.ts';
import { plannedDetectable } from '../src/stats/power.ts';

const finding = (id: string) => ({ id, description: 'd', severity: 'high' });
const check = defineCheck({ id: 'c', name: 'C', part: 'expectation', run: () => ({ passed: true, detail: '' }) });

/** 12 cases: 7 dev, 5 test; 9 with two findings and one bait item, 3 clean with two bait items; 2 categories. */
const cases = Array.from({ length: 12 }, (_, i) =>
  CaseSchema.parse({
    id: `c-${i}`,
    name: `c ${i}`,
    input: `input ${i}`,
    split: i < 7 ? 'dev' : 'test',
    category: i < 6 ? 'injection' : 'secrets',
    expectedFindings: i < 9 ? [finding(`a-${i}`), finding(`b-${i}`)] : [],
    expectedAbsent: i < 9 ? ['x'] : ['x', 'y'],
    ...(i === 0 && { rubric: 'r' }),
  }),
);

describe('packFigures', () => {
  it('counts cases per split, findings, bait share, categories and the items a compare pairs', () => {
    const figures = packFigures(definePack({ name: 'p', description: 'd', root: '/tmp', checks: [check] }), cases);
    // Items: 12 structural checks, 18 findings, 9 + 6 bait items, 1 rubric.
    expect({ ...figures, detectable: undefined }).toEqual({
      cases: 12,
      dev: 7,
      test: 5,
      findings: 18,
      baitShare: 0.25,
      categories: ['injection', 'secrets'],
      items: 46,
      detectable: undefined,
      assumedRate: 0.7,
    });
    // (t(0.975, 11) + t(0.8, 11)) · √(2 · 0.7 · 0.3 / 46) = (2.200985 + 0.875539) · 0.095553 = 0.29397
    expect(figures.detectable).toBeCloseTo(0.29397, 4);
  });

  it('detects nothing over cases too few for the sign-flip test to reach p < 0.05', () => {
    expect(plannedDetectable({ items: 500, cases: 5, rate: 0.7 })).toBe(Number.POSITIVE_INFINITY);
    expect(plannedDetectable({ items: 500, cases: 6, rate: 0.7 })).toBeLessThan(1);
  });
});
