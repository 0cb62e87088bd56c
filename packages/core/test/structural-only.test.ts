import { describe, expect, it } from 'vitest';
import { compareRuns } from '../src/compare/compare-runs.ts';
import { caseOutcome } from '../src/grade/case-outcome.ts';
import { gradeRun } from '../src/grade/grade-run.ts';
import { reduceEpochs } from '../src/grade/reduce-epochs.ts';
import { printComparison } from '../src/report/compare-console.ts';
import { consoleReporter } from '../src/report/console.ts';
import { jsonReport } from '../src/report/json.ts';
import { junitReport } from '../src/report/junit.ts';
import { markdownReport } from '../src/report/markdown.ts';
import { repeatReporter } from '../src/report/repeat-console.ts';
import type { CaseResult, RunResult } from '../src/schema/result.ts';
import type { Verdict } from '../src/schema/verdict.ts';
import { sampleCase, transcriptWith } from './support.ts';

type Given = 'caught' | 'missed' | 'offline' | 'error';

/** A verdict on one of sampleCase's items: ssn and cors are findings, absent-1 its expectedAbsent item. */
function verdict(itemId: string, given: Given): Verdict {
  const base = {
    kind: itemId === 'absent-1' ? ('absent' as const) : ('finding' as const),
    itemId,
    model: 'judge-model',
    usage: { input: 0, output: 0 },
    latencyMs: 0,
  };
  if (given === 'offline') return { ...base, status: 'skipped', reason: 'offline: no cached verdict' };
  if (given === 'error') return { ...base, status: 'error', error: 'unparseable' };
  return { ...base, status: 'ok', reasoning: 'Checked.', passed: given === 'caught' };
}

/** A result graded as the runner grades it (caseOutcome), its check passing unless told otherwise. */
function result(id: string, items: [Given, Given, Given], epoch = 0, checkPassed = true): CaseResult {
  const graded = {
    case: { ...sampleCase, id, name: `Case ${id}` },
    transcript: transcriptWith([], '| answer'),
    checks: [{ id: 'table', name: 'Table', part: 'expectation' as const, passed: checkPassed, detail: 'table' }],
    verdicts: [verdict('ssn', items[0]), verdict('cors', items[1]), verdict('absent-1', items[2])],
  };
  return { ...graded, epoch, ...caseOutcome(graded), judgeUsage: { input: 0, output: 0 } };
}

/** What an offline run with a cache that holds only some verdicts leaves. */
const run: RunResult = {
  pack: 'demo',
  variant: 'baseline',
  agent: { backend: 'script', model: 'agent-model' },
  judge: { backend: 'script', model: 'judge-model' },
  startedAt: '2025-03-04T05:06:07.000Z',
  finishedAt: '2025-03-04T05:06:09.000Z',
  cases: [
    result('judged', ['caught', 'caught', 'caught']),
    result('unjudged', ['offline', 'offline', 'offline']),
    result('partly', ['caught', 'offline', 'offline']),
  ],
};

function printed(print: (write: (text: string) => void) => void): string {
  let text = '';
  print((chunk) => {
    text += chunk;
  });
  return text;
}

describe('a case whose judged items were not judged is structural only, never a plain pass', () => {
  it('is graded apart from a pass: out of the pass rate, yet no failure for the exit code', () => {
    expect(run.cases.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    const grade = gradeRun(run);
    expect(grade.cases.map((tally) => [tally.case.id, tally.status])).toEqual([
      ['judged', 'passed'],
      ['unjudged', 'structural-only'],
      ['partly', 'structural-only'],
    ]);
    const counts = { passed: 1, structuralOnly: 2, failed: 0, errors: 0, total: 3 };
    expect(grade.caseCounts).toEqual(counts);
    expect(grade.resultCounts).toEqual(counts);
    expect(grade.passRate).toBe(1 / 3);
    expect([grade.passed, grade.exitCode]).toEqual([true, 0]);
    // A gate asks for a share of cases shown to pass: structural-only ones are not.
    const gated = gradeRun(run, { minPassRate: 0.5 });
    expect([gated.gate, gated.passed, gated.exitCode]).toEqual([{ minimum: 0.5, met: false }, false, 1]);
  });

  it('leaves a failed, errored or fully judged case as it was', () => {
    const grade = gradeRun({
      cases: [
        result('checks-failed', ['offline', 'offline', 'offline'], 0, false),
        result('judge-error', ['error', 'offline', 'caught']),
        result('missed', ['missed', 'offline', 'caught']),
      ],
    });
    expect(grade.cases.map((tally) => tally.status)).toEqual(['failed', 'error', 'failed']);
    expect(grade.caseCounts).toEqual({ passed: 0, structuralOnly: 0, failed: 2, errors: 1, total: 3 });
  });

  it('over epochs: structural only when no epoch judged an item; judged in one epoch is enough', () => {
    const grade = gradeRun({
      cases: [
        result('once', ['offline', 'offline', 'offline'], 0),
        result('once', ['caught', 'caught', 'caught'], 1),
        result('never', ['offline', 'caught', 'caught'], 0),
        result('never', ['offline', 'caught', 'caught'], 1),
      ],
    });
    expect(grade.cases.map((tally) => [tally.case.id, tally.status])).toEqual([
      ['once', 'passed'],
      ['never', 'structural-only'],
    ]);
    expect(grade.resultCounts).toEqual({ passed: 1, structuralOnly: 3, failed: 0, errors: 0, total: 4 });
  });

  it("says so on the console's case line and in the summary's first row", () => {
    const text = printed((write) => {
      const reporter = consoleReporter({ write, color: false });
      for (const r of run.cases) reporter.caseResult(r);
      reporter.summary(run, [], gradeRun(run));
    });
    const heads = text.split('\n').filter((line) => line.startsWith('━━'));
    expect(heads).toEqual([
      '━━ judged Case judged  PASS',
      '━━ unjudged Case unjudged  STRUCTURAL ONLY',
      '━━ partly Case partly  STRUCTURAL ONLY',
    ]);
    expect(text).toContain('\n  cases           1/3 passed, 2 structural only, not judged (33.3%, 95% CI 6.1–79.2%)\n');
  });

  it('counts it in results.json: the grade and the summary', () => {
    const json = JSON.parse(jsonReport(run));
    expect(json.grade).toEqual({
      passed: true,
      exitCode: 0,
      policy: 'majority',
      cases: { passed: 1, structuralOnly: 2, failed: 0, errors: 0, total: 3 },
      passRate: 1 / 3,
      notStarted: 0,
      structuralOnlyCases: ['unjudged', 'partly'],
    });
    expect(json.summary.cases).toEqual({ passed: 1, total: 3 });
    expect(json.summary.structuralOnly).toBe(2);
  });

  it('marks it in JUnit: in the testcase name, a suite property and the suite output, and not as a failure', () => {
    const xml = junitReport(run);
    expect(xml).toContain('<testcase name="judged" classname="demo.baseline" time="0.001"/>');
    expect(xml).toContain('<testcase name="unjudged [structural only]" classname="demo.baseline" time="0.001"/>');
    expect(xml).toContain('<testcase name="partly [structural only]" classname="demo.baseline" time="0.001"/>');
    expect(xml).toContain('<property name="structural-only" value="unjudged: 3 judged items not judged"/>');
    expect(xml).toContain('<property name="structural-only" value="partly: 2 judged items not judged"/>');
    expect(xml).toContain(
      '<system-out>Structural only (checks passed, judged items not judged)\n  unjudged: 3 judged items not judged\n  partly: 2 judged items not judged</system-out>',
    );
    expect(xml).toContain('tests="3" failures="0" errors="0"');
  });

  it('marks it in summary.md: the headline and its row', () => {
    const markdown = markdownReport(run).split('\n');
    expect(markdown[2]).toBe(
      '**1/3 cases passed, 2 structural only (not judged)** · agent `script agent-model` · judge `script judge-model`',
    );
    expect(markdown.filter((line) => line.startsWith('| '))).toEqual([
      '| | case | structural | findings | false positives | reasons |',
      '| ✅ | judged | 1/1 | 2/2 | 0 |  |',
      '| ⬜ | unjudged | 1/1 | 0/2 | 0 | structural only: 3 judged items not judged |',
      '| ⬜ | partly | 1/1 | 1/2 | 0 | structural only: 2 judged items not judged |',
    ]);
  });

  it("says so in the repeat summary's per-case lines and first row", () => {
    const repeated: RunResult = { ...run, cases: run.cases.flatMap((r) => [r, { ...r, epoch: 1 }]) };
    const text = printed((write) => repeatReporter({ write, color: false }).summary(repeated, [], gradeRun(repeated)));
    expect(text).toContain('\n  unjudged  STRUCTURAL ONLY structural 1/1 · 3 judged items not judged\n');
    expect(text).toContain(
      '\n  judged    PASS  structural 1/1 · findings 2/2 · false positives 0 · pass@1 2/2 · pass^2 100.0%\n',
    );
    expect(text).toContain('\n  cases           1/3 passed, 2 structural only, not judged (95% CI 6.1–79.2%)\n');
  });

  it('compare of two such runs calls the items not judged, not errors', () => {
    const tallies = () => reduceEpochs(run.cases, () => 'majority');
    const comparison = compareRuns(tallies(), tallies());
    expect(comparison.cases.map((c) => [c.caseId, c.unpaired, c.notJudged])).toEqual([
      ['judged', 0, 0],
      ['unjudged', 0, 3],
      ['partly', 0, 2],
    ]);
    expect([comparison.unpairedItems, comparison.notJudgedItems, comparison.verdict]).toEqual([
      0,
      5,
      'no detectable difference',
    ]);
    const text = printed((write) => printComparison(comparison, { write, color: false, labels: ['a', 'b'] }));
    expect(text).not.toContain('error');
    expect(text).toContain('━━ unjudged Case unjudged\n');
    expect(text).toContain('\n  not judged        3 items not judged on one side or both\n');
    expect(text).toContain('\n  not judged        2 items not judged on one side or both\n');
    expect(text).toContain(
      '\n  not judged        5 items not judged on one side or both: left out, as no verdict can be compared\n',
    );
  });
});
