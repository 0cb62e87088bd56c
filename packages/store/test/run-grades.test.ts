import type { CaseResult } from '@evalpacks/core';
import { gradeRun } from '@evalpacks/core/grade';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EvalStore, gradedNowNote, gradeNow, gradeOf, type RunOutcome, thisProcess } from '../src/index.ts';
import { MIGRATIONS } from '../src/migrations.ts';
import { caseResult, runMeta, tempStorePath } from './support.ts';

/** A result as grading reads it: its one check passes when the result did; nothing judged. */
function plain(id: string, epoch: number, status: 'passed' | 'failed'): CaseResult {
  const result = caseResult(id, epoch, status);
  const check = { id: 'table', name: 'Table', part: 'expectation' as const, passed: status === 'passed', detail: '' };
  return { ...result, checks: [check], verdicts: [], reasons: status === 'passed' ? [] : ['expectation: no table'] };
}

/** Case "a" over two epochs, passing the first only; case "b" sets its own policy (any) and fails once. */
function results() {
  const b = plain('b', 0, 'failed');
  const any = { ...b.case, repeatPolicy: 'any' as const };
  return [
    plain('a', 0, 'passed'),
    plain('a', 1, 'failed'),
    { ...b, case: any },
    { ...plain('b', 1, 'passed'), case: any },
  ];
}

const outcome = ({ id, passed, total, policy, gradedNow }: RunOutcome) => ({ id, passed, total, policy, gradedNow });

describe('a run keeps the grade it finished with', () => {
  it('completes a run with its grade in one write, and reads the grade back whole or as a summary', () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta({ epochs: 2 }));
    for (const result of results()) store.saveCaseResult(run.id, result);
    const grade = gradeRun({ cases: results() }, { policy: 'all', minPassRate: 0.5 });
    expect(store.runGrade(run.id)).toBeUndefined();
    expect(store.completeRun(run.id, '2025-01-01T10:05:00.000Z', grade)).toBe(true);
    store.close();

    const again = EvalStore.openReadOnly(path);
    expect(again.run(run.id)).toMatchObject({ status: 'completed', finishedAt: '2025-01-01T10:05:00.000Z' });
    expect(again.runGrade(run.id)).toEqual(grade);
    const { cases: _cases, ...summary } = grade;
    expect(again.gradeSummary(run.id)).toEqual(summary);
    // What a comparison reads: the tallies and the policy they were reduced under, not the summary.
    expect(again.gradeTallies(run.id)).toEqual({ policy: 'all', cases: grade.cases });
    expect(again.gradeTallies(run.id + 1)).toBeUndefined();
    // Under "all" case a fails; b passes under its own "any": 1 of 2, the gate of 50% met.
    expect(again.runOutcomes('code-review').map(outcome)).toEqual([
      { id: run.id, passed: 1, total: 2, policy: 'all', gradedNow: undefined },
    ]);
    again.close();
  });

  it('leaves the grade unsaved when another process took the run over', () => {
    const store = EvalStore.open(tempStorePath());
    const owner = thisProcess();
    const run = store.beginRun(runMeta(), { ...owner, pid: owner.pid + 1 });
    store.saveCaseResult(run.id, plain('a', 0, 'passed'));
    const grade = gradeRun({ cases: [plain('a', 0, 'passed')] });
    expect(store.completeRun(run.id, '2025-01-01T10:05:00.000Z', grade, owner)).toBe(false);
    expect([store.run(run.id)?.status, store.runGrade(run.id)]).toEqual(['running', undefined]);
    store.close();
  });

  it('grades a run an older evalpacks recorded now, under its stored --policy, and saves nothing', () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const flagged = store.beginRun(runMeta({ epochs: 2, config: { flags: { policy: 'any' } } }));
    const unflagged = store.beginRun(runMeta({ epochs: 2 }));
    for (const run of [flagged, unflagged]) {
      for (const result of results()) store.saveCaseResult(run.id, result);
      store.setRunStatus(run.id, 'completed', '2025-01-01T10:05:00.000Z');
    }
    const now = gradeNow(store, store.run(unflagged.id) ?? unflagged);
    expect(now.now).toEqual({ policy: 'majority', why: 'older' });
    expect(now.grade).toEqual(gradeRun({ cases: results() }, { policy: 'majority' }));
    expect(gradedNowNote(unflagged.id, { policy: 'majority', why: 'older' })).toBe(
      `graded now, under majority: an older evalpacks recorded run ${unflagged.id} and stored no grade with it`,
    );
    expect(store.runOutcomes('code-review').map(outcome)).toEqual([
      { id: flagged.id, passed: 2, total: 2, policy: 'any', gradedNow: 'any' },
      { id: unflagged.id, passed: 1, total: 2, policy: 'majority', gradedNow: 'majority' },
    ]);
    expect(store.runGrade(unflagged.id)).toBeUndefined();
    const interrupted = store.beginRun(runMeta());
    store.saveCaseResult(interrupted.id, plain('a', 0, 'passed'));
    store.setRunStatus(interrupted.id, 'interrupted');
    expect(gradeOf(store, store.run(interrupted.id) ?? interrupted).now).toEqual({
      policy: 'majority',
      why: 'unfinished',
    });
    store.close();
  });

  it('upgrades a version 8 store: its runs keep their results and have no grade until one is stored', () => {
    const path = tempStorePath();
    const old = new Database(path);
    old.pragma('application_id = 0x45564c50');
    for (const step of MIGRATIONS.slice(0, 8)) old.exec(step);
    old.pragma('user_version = 8');
    old.close();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta());
    store.saveCaseResult(run.id, plain('a', 0, 'passed'));
    store.setRunStatus(run.id, 'completed', '2025-01-01T10:05:00.000Z');
    expect(store.runGrade(run.id)).toBeUndefined();
    expect(store.runOutcomes('code-review').map(outcome)).toEqual([
      { id: run.id, passed: 1, total: 1, policy: 'majority', gradedNow: 'majority' },
    ]);
    store.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'run_grades'").pluck().get()).toBe(1);
    db.close();
  });

  it('refuses a stored grade that no longer parses, in one line', () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const run = store.beginRun(runMeta());
    store.completeRun(run.id, '2025-01-01T10:05:00.000Z', gradeRun({ cases: [plain('a', 0, 'passed')] }));
    store.close();
    const db = new Database(path);
    db.prepare(`UPDATE run_grades SET summary_json = '{"policy":"sometimes"}'`).run();
    db.close();
    const reader = EvalStore.openReadOnly(path);
    expect(() => reader.gradeSummary(run.id)).toThrow(/^the store .* failed: /);
    reader.close();
  });
});
