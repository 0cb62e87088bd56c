import { describe, expect, it } from 'vitest';
import { caseFailures } from '../src/grade/failures.ts';
import { gradeRun } from '../src/grade/grade-run.ts';
import { judgeDecision } from '../src/grade/judge-skip.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import type { Case } from '../src/schema/case.ts';
import type { CheckResult } from '../src/schema/check.ts';
import type { RunResult } from '../src/schema/result.ts';
import { promptNamed, sampleCase, scriptedAgent, scriptedJudge, tablePack, transcriptWith } from './support.ts';

const variant = promptNamed('baseline');
const secondCase: Case = { ...sampleCase, id: 'second', name: 'Second', input: 'function second() {}' };

/** Catches "cors" in each case's 1st and 3rd epoch (2 of 3) and everything else always. */
function corsTwoOfThree() {
  const asked = new Map<string, number>();
  return scriptedJudge((request) => {
    if (request.prompt.includes('<must_not_be_flagged>')) return '{"reasoning":"Not flagged.","flagged":false}';
    if (request.prompt.includes('id="cors"')) {
      const input = request.prompt.includes('second()') ? 'second' : 'lookup';
      const n = (asked.get(input) ?? 0) + 1;
      asked.set(input, n);
      return `{"reasoning":"Attempt ${n}.","caught":${n !== 2}}`;
    }
    return '{"reasoning":"Caught.","caught":true}';
  });
}

const run = (cases: Case[], judge = corsTwoOfThree(), epochs = 3) =>
  collectRun({ pack: tablePack, variant, cases, agent: scriptedAgent(() => '| x |'), judge, concurrency: 1, epochs });

describe('gradeRun', () => {
  it('reduces epochs under the run policy and decides the exit code from the cases', async () => {
    const result = await run([sampleCase]);
    const majority = gradeRun(result);
    expect(majority).toMatchObject({
      policy: 'majority',
      epochs: 3,
      caseCounts: { passed: 1, failed: 0, errors: 0, total: 1 },
      resultCounts: { passed: 2, failed: 1, errors: 0, total: 3 },
      passRate: 1,
      passed: true,
      exitCode: 0,
    });
    expect(majority.gate).toBeUndefined();
    const all = gradeRun(result, { policy: 'all' });
    expect(all).toMatchObject({ policy: 'all', caseCounts: { passed: 0, failed: 1 }, passed: false, exitCode: 1 });
    expect(all.suggestions).toEqual([
      { target: 'steps', caseId: 'lookup', text: 'missed "cors": add a step that looks for: Wildcard CORS' },
    ]);
  });

  it('fails a run with more flaky items than --max-flaky, whatever passed', async () => {
    const result = await run([sampleCase]);
    expect(gradeRun(result, { maxFlaky: 0 })).toMatchObject({
      flaky: 1,
      flakyGate: { maximum: 0, met: false },
      caseCounts: { passed: 1 },
      passed: false,
      exitCode: 1,
    });
    expect(gradeRun(result, { maxFlaky: 1 })).toMatchObject({ flakyGate: { maximum: 1, met: true }, exitCode: 0 });
  });

  it('lets a case’s own policy win over the run’s', async () => {
    const result = await run([{ ...sampleCase, repeatPolicy: 'all' }]);
    expect(gradeRun(result, { policy: 'any' })).toMatchObject({ policy: 'any', passed: false, exitCode: 1 });
  });

  it('passes on --min-pass-rate when enough cases passed, and never when a case was not started', async () => {
    const result = await run([sampleCase, { ...secondCase, repeatPolicy: 'all' }]);
    expect(gradeRun(result)).toMatchObject({ passRate: 0.5, passed: false, exitCode: 1 });
    expect(gradeRun(result, { minPassRate: 0.5 })).toMatchObject({ gate: { minimum: 0.5, met: true }, exitCode: 0 });
    expect(gradeRun(result, { minPassRate: 0.6 })).toMatchObject({ gate: { minimum: 0.6, met: false }, exitCode: 1 });
    const cut: RunResult = { ...result, notStarted: [{ caseId: 'third', epoch: 0 }] };
    expect(gradeRun(cut, { minPassRate: 0.5 })).toMatchObject({ notStarted: 1, passed: false, exitCode: 1 });
  });

  it('counts a judge error as an error, never a pass or a miss', async () => {
    const judge = scriptedJudge((request) =>
      request.prompt.includes('id="cors"') ? 'not json at all' : '{"reasoning":"Fine.","caught":true,"flagged":false}',
    );
    const grade = gradeRun(await run([sampleCase], judge, 1));
    expect(grade).toMatchObject({ caseCounts: { passed: 0, failed: 0, errors: 1, total: 1 }, exitCode: 1 });
    expect(grade.suggestions.map((s) => s.target)).toEqual(['judge']);
  });

  it('is pure: the same stored run grades the same, and the run is left as it was', async () => {
    const result = await run([sampleCase, secondCase]);
    const before = structuredClone(result);
    expect(gradeRun(result, { policy: 'all' })).toEqual(gradeRun(structuredClone(result), { policy: 'all' }));
    expect(result).toEqual(before);
  });
});

describe('the failure -> RISEN part mapping', () => {
  it('points each failure at the part to edit', () => {
    const check: CheckResult = { id: 'c', name: 'Scoped', part: 'narrowing', passed: false, detail: 'too broad' };
    const base = { model: 'j', usage: { input: 0, output: 0 }, latencyMs: 0 };
    const failures = caseFailures({
      case: { ...sampleCase, rubric: 'Be kind.' },
      transcript: { ...transcriptWith([]), error: 'timed out' },
      checks: [check, { ...check, id: 'ok', passed: true }],
      verdicts: [
        { ...base, kind: 'finding', itemId: 'ssn', status: 'ok', reasoning: 'no', passed: false },
        { ...base, kind: 'finding', itemId: 'cors', status: 'ok', reasoning: 'yes', passed: true },
        { ...base, kind: 'absent', itemId: 'absent-1', status: 'ok', reasoning: 'flagged', passed: false },
        { ...base, kind: 'rubric', itemId: 'rubric', status: 'ok', reasoning: 'rude', passed: false },
        { ...base, kind: 'finding', itemId: 'cors', status: 'error', error: 'bad json' },
        { ...base, kind: 'finding', itemId: 'ssn', status: 'skipped', reason: 'checks failed' },
      ],
    });
    expect(failures.map((f) => [f.source, f.target])).toEqual([
      ['agent', 'agent'],
      ['check', 'narrowing'],
      ['finding', 'steps'],
      ['absent', 'narrowing'],
      ['rubric', 'expectation'],
      ['judge error', 'judge'],
    ]);
  });
});

describe('the skip-the-judge rule', () => {
  const failed: CheckResult = { id: 'c', name: 'C', part: 'expectation', passed: false, detail: 'no' };
  it('judges nothing after an agent error, skips after the turn limit or failed checks, else judges all', () => {
    expect(judgeDecision({ ...transcriptWith([]), error: 'down' }, [])).toEqual({ judge: 'none' });
    expect(judgeDecision({ ...transcriptWith([]), turnLimitReached: true }, [], true)).toEqual({
      judge: 'skip',
      reason: 'the agent stopped at the turn limit without an answer',
    });
    expect(judgeDecision(transcriptWith([]), [failed])).toEqual({
      judge: 'skip',
      reason: 'structural checks failed (use --judge-always to judge anyway)',
    });
    expect(judgeDecision(transcriptWith([]), [failed], true)).toEqual({ judge: 'all' });
    expect(judgeDecision(transcriptWith([]), [{ ...failed, passed: true }])).toEqual({ judge: 'all' });
  });
});
