import { describe, expect, it } from 'vitest';
import { gradeRun } from '../src/grade/grade-run.ts';
import { jsonReport } from '../src/report/json.ts';
import { junitReport } from '../src/report/junit.ts';
import { markdownReport } from '../src/report/markdown.ts';
import { repeatReporter } from '../src/report/repeat-console.ts';
import type { CaseResult, RunResult } from '../src/schema/result.ts';
import { sampleCase, transcriptWith } from './support.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never reach a terminal
const CONTROL_BYTES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const CLEAR = '\u001b[2J\u001b[H';

/** One case over two epochs: its check (named with a terminal escape) passes in the first only. */
function epoch(epoch: number, passed: boolean): CaseResult {
  return {
    case: { ...sampleCase, expectedFindings: [], expectedAbsent: [] },
    epoch,
    status: passed ? 'passed' : 'failed',
    transcript: transcriptWith([]),
    checks: [{ id: 'table', name: `table${CLEAR}`, part: 'expectation', passed, detail: 'no table' }],
    verdicts: [],
    reasons: passed ? [] : ['expectation: no table'],
    judgeUsage: { input: 0, output: 0 },
  };
}

const run: RunResult = {
  pack: 'demo',
  variant: 'v1',
  agent: { backend: 'script', model: 'agent-model' },
  startedAt: '2025-03-04T05:06:07.000Z',
  finishedAt: '2025-03-04T05:06:09.000Z',
  cases: [epoch(0, true), epoch(1, false)],
};

// Under `any` the one case passes (1 of 2 epochs); under the default (majority) it fails.
const underAny = gradeRun(run, { policy: 'any', minPassRate: 0.5 });

describe('reports given the run grade', () => {
  it('results.json carries the grade it is given, not one of its own', () => {
    expect(JSON.parse(jsonReport(run, { grade: underAny })).grade).toEqual({
      passed: true,
      exitCode: 0,
      policy: 'any',
      cases: { passed: 1, structuralOnly: 0, failed: 0, errors: 0, total: 1 },
      passRate: 1,
      gate: { minimum: 0.5, met: true },
      notStarted: 0,
      structuralOnlyCases: [],
      // One case, passing 1 of its 2 epochs: pass@1 50%, pass^2 0%.
      passK: {
        k: 2,
        passAt1: { estimate: 0.5, lower: 0.5, upper: 0.5, cases: 1 },
        passHatK: { estimate: 0, lower: 0, upper: 0, cases: 1 },
      },
    });
    expect(JSON.parse(jsonReport(run)).grade).toMatchObject({ passed: false, exitCode: 1, policy: 'majority' });
  });

  it("summary.md lists the given grade's suggestions", () => {
    const grade = { ...underAny, suggestions: [{ target: 'steps' as const, caseId: 'lookup', text: 'only here' }] };
    const markdown = markdownReport(run, { grade });
    expect(markdown.split('\n').filter((line) => line.startsWith('- **'))).toEqual(['- **steps** lookup: only here']);
  });

  it("JUnit marks the same flaky items from the grade's tallies as from its own reduction", () => {
    const xml = junitReport(run, { grade: gradeRun(run, { policy: 'all' }) });
    expect(xml).toBe(junitReport(run));
    // XML cannot hold ESC: the file drops it.
    expect(xml).toContain('<property name="flaky" value="lookup check &quot;table[2J[H&quot;: passed 1/2"/>');
  });

  it('the repeat summary prints the given grade, its text made visible', () => {
    const lines: string[] = [];
    const printed = repeatReporter({ write: (text) => lines.push(text), color: false }).summary(run, [], underAny);
    expect(printed).toBe(underAny);
    const text = lines.join('');
    expect(text).not.toMatch(CONTROL_BYTES);
    expect(text).toContain('Summary · 2 epochs per case · policy any\n');
    expect(text).toContain('  pass rate       100.0% (minimum 50.0%)\n');
    expect(text).toContain('  lookup  check "table␛[2J␛[H": passed 1/2 → passes under any\n');
  });
});
