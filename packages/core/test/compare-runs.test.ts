import { describe, expect, it } from 'vitest';
import { compareRuns } from '../src/compare/compare-runs.ts';
import { reduceEpochs } from '../src/grade/reduce-epochs.ts';
import { printComparison } from '../src/report/compare-console.ts';
import { runPack } from '../src/runner/run-pack.ts';
import type { Case } from '../src/schema/case.ts';
import { promptNamed, sampleCase, scriptedAgent, scriptedJudge, tablePack } from './support.ts';

const pack = tablePack;
const prompt = promptNamed;

/** The v2 answer mentions CORS; the judge catches "cors" only there and flags the bait only in `flagIn`. */
async function compare(cases: Case[], flagIn = 'nowhere') {
  const judge = scriptedJudge((request) => {
    if (request.prompt.includes('<must_not_be_flagged>')) {
      return `{"reasoning":"Checked.","flagged":${request.prompt.includes(flagIn)}}`;
    }
    const caught = !request.prompt.includes('id="cors"') || request.prompt.includes('wildcard CORS');
    return `{"reasoning":"Checked.","caught":${caught}}`;
  });
  const run = async (name: string, answer: string, selected: (c: Case) => boolean) =>
    reduceEpochs(
      (
        await runPack({
          pack,
          variant: prompt(name),
          cases,
          agent: scriptedAgent((input) => (selected(cases.find((c) => c.input === input) as Case) ? answer : '| ok')),
          judge,
          concurrency: 4,
        })
      ).cases,
      () => 'majority',
    );
  return { judge, run };
}

const manyCases = (n: number): Case[] =>
  Array.from({ length: n }, (_, i) => ({ ...sampleCase, id: `case-${i}`, input: `function lookup${i}() {}` }));

describe('compareRuns', () => {
  it('finds no detectable difference when v2 catches one more finding on 3 cases', async () => {
    const cases = manyCases(3);
    const { run } = await compare(cases);
    const baseline = await run('baseline', '| ok', () => false);
    const variant = await run('v2', '| wildcard CORS', (c) => c.id === 'case-0');
    const comparison = compareRuns(baseline, variant);
    expect(comparison.cases[0]?.gained.map((p) => p.key)).toEqual(['finding:cors']);
    expect(comparison.cases[0]?.findings).toEqual([
      { passed: 1, total: 2 },
      { passed: 2, total: 2 },
    ]);
    // 4 items a case (check, two findings, bait); one of 12 changed.
    expect(comparison.difference.mean).toBeCloseTo(1 / 12, 12);
    expect(comparison.difference.lower).toBeLessThan(0);
    expect(comparison.mcnemar).toEqual({ gained: 1, lost: 0, pValue: 1 });
    expect(comparison.permutation.pValue).toBe(1);
    expect(comparison.verdict).toBe('no detectable difference');
    expect(comparison.detectable).toMatchObject({ difference: Number.POSITIVE_INFINITY, smallestP: 0.25 });
    expect(comparison.baseline.recall).toMatchObject({ passed: 3, total: 6 });
    expect(comparison.variant.recall).toMatchObject({ passed: 4, total: 6 });
    expect(comparison.variant.precision).toMatchObject({ passed: 4, total: 4 });
  });

  it('calls v2 better with p < 0.05 when it catches more on 10 cases, and worse the other way round', async () => {
    const cases = manyCases(10);
    const { run } = await compare(cases, 'bait-flagged');
    const baseline = await run('baseline', '| ok', () => false);
    // v2 catches CORS on 9 cases and flags the bait on one of them.
    const variant = await run('v2', '| wildcard CORS', (c) => c.id !== 'case-9');
    const better = compareRuns(baseline, variant);
    expect(better.verdict).toBe('better');
    expect(better.permutation).toEqual({ pValue: 2 / 512, method: 'exact', draws: 512 });
    expect(better.mcnemar).toMatchObject({ gained: 9, lost: 0 });
    expect(better.mcnemar.pValue).toBeCloseTo(2 / 512, 12);
    expect(better.difference.lower).toBeGreaterThan(0);
    expect(Number.isFinite(better.detectable.difference)).toBe(true);
    expect(better.variant.recall).toMatchObject({ passed: 19, total: 20 });
    expect(better.baseline.recall).toMatchObject({ passed: 10, total: 20 });

    const worse = compareRuns(variant, baseline);
    expect(worse.verdict).toBe('worse');
    expect(worse.cases[0]?.lost.map((p) => p.key)).toEqual(['finding:cors']);
  });

  it('prints each case side by side and the verdict with its numbers', async () => {
    const cases = manyCases(3);
    const { run } = await compare(cases);
    const comparison = compareRuns(
      await run('baseline', '| ok', () => false),
      await run('v2', '| wildcard CORS', (c) => c.id === 'case-0'),
    );
    const parts: string[] = [];
    printComparison(comparison, { write: (t) => parts.push(t), color: false, labels: ['baseline', 'v2'] });
    const text = parts.join('');
    expect(text).toContain(
      [
        '━━ case-0 User lookup',
        '  structural        1/1 -> 1/1',
        '  findings          1/2 -> 2/2',
        '  false positives   0 -> 0',
        '  now caught        cors (0/1 -> 1/1)',
      ].join('\n'),
    );
    expect(text).toContain(
      '  difference        +8.3 points (95% CI −27.5 to +44.2 points; paired per item, clustered by case)\n',
    );
    expect(text).toContain('  permutation test  p = 1.0000 over cases (exact, 2 sign assignments)\n');
    expect(text).toContain('  exact McNemar     p = 1.0000 over items (1 gained, 0 lost)\n');
    expect(text).toContain('  verdict           no detectable difference\n');
    expect(text).toContain(
      '  detectable        nothing: with 3 cases no difference can reach p < 0.05 (smallest possible p = 0.2500); use at least 6 cases\n',
    );
  });

  it('prints the overall block without copying a case when the cases are not shown (a viewer page of 1000 cases)', async () => {
    const cases = manyCases(3);
    const { run } = await compare(cases);
    const comparison = compareRuns(
      await run('baseline', '| ok', () => false),
      await run('v2', '| wildcard CORS', (c) => c.id === 'case-0'),
    );
    const print = (cases: boolean) => {
      const parts: string[] = [];
      printComparison(comparison, { write: (t) => parts.push(t), color: false, labels: ['baseline', 'v2'], cases });
      return parts.join('');
    };
    const overall = print(true).slice(print(true).indexOf('Overall over'));
    let reads = 0;
    const first = comparison.cases[0] as (typeof comparison.cases)[number];
    const name = first.name;
    Object.defineProperty(first, 'name', {
      enumerable: true,
      get: () => {
        reads++;
        return name;
      },
    });
    expect(print(false)).toBe(overall);
    expect(reads).toBe(0);
    expect(print(true)).toContain('━━ case-0 User lookup');
    expect(reads).toBe(1);
  });
});
