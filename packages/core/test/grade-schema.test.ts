import { describe, expect, it } from 'vitest';
import { gradeRun } from '../src/grade/grade-run.ts';
import { GradeSummarySchema, RunGradeSchema } from '../src/grade/grade-schema.ts';
import { consoleReporter } from '../src/report/console.ts';
import { repeatReporter } from '../src/report/repeat-console.ts';
import { summaryText } from '../src/report/summary-block.ts';
import type { CaseResult, RunResult } from '../src/schema/result.ts';
import { sampleCase, transcriptWith } from './support.ts';

/** One epoch of a case whose check passes in the epochs given, its finding always judged caught. */
function result(caseId: string, epoch: number, passed: boolean, judged = true): CaseResult {
  return {
    case: { ...sampleCase, id: caseId, repeatPolicy: caseId === 'strict' ? 'all' : undefined },
    epoch,
    status: passed ? 'passed' : 'failed',
    transcript: transcriptWith([]),
    checks: [{ id: 'table', name: 'table', part: 'expectation', passed, detail: passed ? 'a table' : 'no table' }],
    verdicts: sampleCase.expectedFindings.map((finding) =>
      judged
        ? {
            kind: 'finding' as const,
            itemId: finding.id,
            model: 'judge-model',
            usage: { input: 10, output: 5 },
            latencyMs: 1,
            status: 'ok' as const,
            reasoning: 'named',
            passed: true,
          }
        : {
            kind: 'finding' as const,
            itemId: finding.id,
            model: 'judge-model',
            usage: { input: 0, output: 0 },
            latencyMs: 0,
            status: 'skipped' as const,
            reason: 'offline',
          },
    ),
    reasons: passed ? [] : ['expectation: no table'],
    judgeUsage: { input: 10, output: 5 },
  };
}

/** Two cases over three epochs: "strict" sets its own policy (all) and flips once; "loose" passes throughout. */
const run: RunResult = {
  pack: 'demo',
  variant: 'v1',
  agent: { backend: 'script', model: 'agent-model' },
  judge: { backend: 'script', model: 'judge-model' },
  startedAt: '2025-03-04T05:06:07.000Z',
  finishedAt: '2025-03-04T05:06:09.000Z',
  cases: [0, 1, 2].flatMap((epoch) => [result('strict', epoch, epoch !== 1), result('loose', epoch, true)]),
};

const printed = (print: (write: (text: string) => void) => void) => {
  let text = '';
  print((chunk) => {
    text += chunk;
  });
  return text;
};

describe('the grade as data', () => {
  it('passes through JSON and parses back equal, NaN estimates included', () => {
    const grade = gradeRun(run, { minPassRate: 0.5, maxFlaky: 0 });
    expect(grade.cases.map((tally) => [tally.case.id, tally.policy, tally.status])).toEqual([
      ['strict', 'all', 'failed'],
      ['loose', 'majority', 'passed'],
    ]);
    expect([grade.flaky, grade.flakyGate, grade.gate]).toEqual([
      1,
      { maximum: 0, met: false },
      { minimum: 0.5, met: true },
    ]);
    expect(grade.figures.perCase.absent.samples.estimate).toBeNaN();
    const stored = JSON.parse(JSON.stringify(grade));
    expect(stored.figures.perCase.absent.samples.estimate).toBeNull();
    expect(RunGradeSchema.parse(stored)).toEqual(grade);
    const { cases: _cases, ...summary } = grade;
    expect(GradeSummarySchema.parse(JSON.parse(JSON.stringify(summary)))).toEqual(summary);
  });

  it('refuses what is not a grade, naming the field', () => {
    const grade = JSON.parse(JSON.stringify(gradeRun(run)));
    grade.caseCounts.passed = -1;
    const parsed = RunGradeSchema.safeParse(grade);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['caseCounts', 'passed']);
  });

  it('renders the summary the console printed from the stored grade alone, with no result at hand', () => {
    const grade = gradeRun(run, { minPassRate: 0.5 });
    const stored = RunGradeSchema.parse(JSON.parse(JSON.stringify(grade)));
    const console = printed((write) => repeatReporter({ write, color: false }).summary(run, [], grade));
    const facts = { agent: run.agent, judge: run.judge };
    const text = summaryText(stored, facts, { repeated: true });
    expect(console).toContain(`\n${text}\n`);
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Summary · 3 epochs per case · policy majority',
      '  counts are items under the policy; rates are per epoch with 95% Wilson intervals clustered by case',
      '  cases           1/2 passed (95% CI 9.5–90.5%)',
    ]);
    expect(text).toContain('  strict  check "table": passed 2/3 → fails under all');

    const once: RunResult = { ...run, cases: run.cases.filter((r) => r.epoch === 0) };
    const single = gradeRun(once);
    const singleConsole = printed((write) => consoleReporter({ write, color: false }).summary(once, [], single));
    const singleText = summaryText(RunGradeSchema.parse(JSON.parse(JSON.stringify(single))), facts, {
      repeated: false,
    });
    expect(singleConsole).toBe(`${singleText}\n`);
    expect(singleText.split('\n')[1]).toBe('  cases           2/2 passed (100.0%, 95% CI 34.2–100.0%)');
  });

  it('a structural-only grade keeps its words through the store', () => {
    const offline: RunResult = { ...run, cases: [result('loose', 0, true, false)] };
    const grade = RunGradeSchema.parse(JSON.parse(JSON.stringify(gradeRun(offline))));
    const text = summaryText(grade, { agent: run.agent, judge: run.judge }, { repeated: false });
    expect(text).toContain('  cases           0/1 passed, 1 structural only, not judged (0.0%, 95% CI 0.0–79.3%)');
    expect(text).toContain('  findings        n/a: 0 of 2 judged (2 not judged)');
  });
});
