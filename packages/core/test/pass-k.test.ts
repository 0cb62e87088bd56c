import { describe, expect, it } from 'vitest';
import { gradeRun } from '../src/grade/grade-run.ts';
import { RunGradeSchema } from '../src/grade/grade-schema.ts';
import { passHatK } from '../src/grade/pass-k.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { jsonReport } from '../src/report/json.ts';
import { junitReport } from '../src/report/junit.ts';
import { markdownReport } from '../src/report/markdown.ts';
import { repeatReporter } from '../src/report/repeat-console.ts';
import type { CaseResult, RunResult } from '../src/schema/result.ts';
import { sampleCase, transcriptWith } from './support.ts';

/** One epoch of a case with one check that passes or fails (no judged items). */
function epoch(id: string, n: number, passed: boolean): CaseResult {
  return {
    case: { ...sampleCase, id, name: id, expectedFindings: [], expectedAbsent: [] },
    epoch: n,
    status: passed ? 'passed' : 'failed',
    transcript: transcriptWith([]),
    checks: [{ id: 'refund', name: 'refund', part: 'expectation', passed, detail: 'no refund' }],
    verdicts: [],
    reasons: passed ? [] : ['expectation: no refund'],
    judgeUsage: { input: 0, output: 0 },
  };
}

/** Four epochs per case: "steady" passes all four, "shaky" three of four, "broken" none. */
const pattern: Record<string, boolean[]> = {
  steady: [true, true, true, true],
  shaky: [true, false, true, true],
  broken: [false, false, false, false],
};
const run: RunResult = {
  pack: 'support',
  variant: 'v1',
  agent: { backend: 'script', model: 'agent-model' },
  startedAt: '2025-03-04T05:06:07.000Z',
  finishedAt: '2025-03-04T05:06:09.000Z',
  cases: Object.entries(pattern).flatMap(([id, passes]) => passes.map((passed, n) => epoch(id, n, passed))),
};

describe('pass^k', () => {
  it('is C(c,k)/C(n,k): 1 or 0 when n = k, the unbiased estimate when n > k, none when n < k', () => {
    expect(passHatK(4, 4, 4)).toBe(1);
    expect(passHatK(3, 4, 4)).toBe(0);
    expect(passHatK(3, 5, 2)).toBeCloseTo(3 / 10, 12); // C(3,2)/C(5,2)
    expect(passHatK(4, 6, 3)).toBeCloseTo(4 / 20, 12); // C(4,3)/C(6,3)
    expect(passHatK(1, 5, 2)).toBe(0);
    expect(passHatK(2, 2, 3)).toBeNaN();
  });

  it('the grade of a --repeat 4 run holds each case epochs and pass@1 beside pass^4 over cases', () => {
    const grade = gradeRun(run);
    expect(grade.cases.map((t) => [t.case.id, t.epochsPassed, t.epochsGraded])).toEqual([
      ['steady', 4, 4],
      ['shaky', 3, 4],
      ['broken', 0, 4],
    ]);
    const passK = grade.figures.perCase.passK;
    expect(passK?.k).toBe(4);
    // pass@1 = mean(1, 0.75, 0) ; pass^4 = mean(1, 0, 0)
    expect(passK?.passAt1.estimate).toBeCloseTo(1.75 / 3, 12);
    expect(passK?.passHatK.estimate).toBeCloseTo(1 / 3, 12);
    expect(passK?.passAt1.cases).toBe(3);
    expect(passK?.passHatK).toMatchObject({ cases: 3, lower: 0, upper: 1 });
    // The grade passes through JSON and parses back equal, figures and all.
    expect(RunGradeSchema.parse(JSON.parse(JSON.stringify(grade)))).toEqual(grade);
  });

  it('has no pass^k with one epoch, and leaves epochs in error out of n', () => {
    const one = gradeRun({ ...run, cases: run.cases.filter((result) => result.epoch === 0) });
    expect(one.figures.perCase.passK).toBeUndefined();
    const errored = { ...epoch('shaky', 1, false), status: 'error' as const, reasons: ['agent error: timeout'] };
    const withError = gradeRun({
      ...run,
      cases: run.cases.map((r) => (r.case.id === 'shaky' && r.epoch === 1 ? errored : r)),
    });
    expect(withError.cases.find((t) => t.case.id === 'shaky')).toMatchObject({ epochsPassed: 3, epochsGraded: 3 });
    // shaky has 3 graded epochs < k = 4: no pass^4 for it, so the mean is over the other two.
    expect(withError.figures.perCase.passK?.passHatK).toMatchObject({ cases: 2, estimate: 0.5 });
    expect(withError.figures.perCase.passK?.passAt1).toMatchObject({ cases: 3, estimate: 2 / 3 });
  });

  it('the console prints pass@1 and pass^4 per case and overall, the headline marked when the pack says so', () => {
    const lines: string[] = [];
    const grade = gradeRun(run, { headline: 'pass^k' });
    repeatReporter({ write: (text) => lines.push(text), color: false }).summary(run, [], grade);
    const text = lines.join('');
    expect(text).toContain('  steady  PASS  structural 1/1 · pass@1 4/4 · pass^4 100.0%\n');
    expect(text).toContain('  shaky   PASS  structural 1/1 · pass@1 3/4 · pass^4 0.0%\n');
    expect(text).toMatch(/\n {2}pass@1 {10}58\.3% \(95% CI [\d.]+–[\d.]+%\) mean of 3 cases\n/);
    expect(text).toMatch(
      /\n {2}pass\^4 {10}33\.3% \(95% CI [\d.]+–[\d.]+%\) mean of 3 cases · all 4 tries pass · headline\n/,
    );
    const plain: string[] = [];
    repeatReporter({ write: (line) => plain.push(line), color: false }).summary(run, [], gradeRun(run));
    expect(plain.join('')).toContain(' · all 4 tries pass\n');
  });

  it('results.json, summary.md and JUnit carry the same figures', () => {
    const grade = gradeRun(run, { headline: 'pass^k' });
    const json = JSON.parse(jsonReport(run, { grade })).grade;
    expect(json.headline).toBe('pass^k');
    expect(json.passK.k).toBe(4);
    expect(json.passK.passHatK.estimate).toBeCloseTo(1 / 3, 12);
    expect(markdownReport(run, { grade })).toMatch(/\npass@1 58\.3% .* · pass\^4 33\.3% .*headline\n/);
    expect(junitReport(run, { grade })).toMatch(/<property name="pass\^4" value="33\.3% \(95% CI /);
  });

  it('is a pack option, never inferred, and refuses other names', () => {
    const base = { name: 'p', description: 'p', root: '/tmp' };
    expect(definePack(base).headline).toBeUndefined();
    expect(definePack({ ...base, headline: 'pass^k' }).headline).toBe('pass^k');
    expect(() => definePack({ ...base, headline: 'pass@k' as 'pass^k' })).toThrow('pack "p": headline: ');
  });
});
