import type { RepeatPolicy } from '@evalpacks/core';
import {
  type CaseRecord,
  caseRecord,
  gradeRun,
  type RunGrade,
  readRepeatPolicy,
  recordSharing,
} from '@evalpacks/core/grade';
import type { RunRecord } from './runs.ts';
import type { EvalStore } from './store.ts';

/**
 * Why a run has no stored grade: an older evalpacks recorded it (before grades were stored), or it has not
 * finished (it is running, or was interrupted) and so has no final grade yet.
 */
export type Ungraded = 'older' | 'unfinished';

/** A run's grade as a reader shows it: the stored one, or one made now for a run that has none. */
export interface ShownGrade<G> {
  grade: G;
  /** Set when the grade was made now, under `policy`, because none was stored (see gradingNow). */
  now?: { policy: RepeatPolicy; why: Ungraded };
}

/**
 * The policy a run without a stored grade is graded under: its --policy as stored with it, else the
 * default. A pack's own default policy was never stored with such a run, so it cannot apply; cases that set
 * their own still do (their policy is stored with each case). Readers say so: "graded now, under majority".
 */
export function gradeNowPolicy(run: Pick<RunRecord, 'config'>): RepeatPolicy {
  const flags = run.config.flags as Record<string, unknown> | undefined;
  return (typeof flags?.policy === 'string' && readRepeatPolicy(flags.policy)) || 'majority';
}

/** Results graded between two yields of gradingNow: a few milliseconds of work. */
const CHUNK = 500;

/**
 * Grades a run from its saved results, for a run that has no stored grade; nothing is saved. Reads one
 * result at a time (keeping records only) and yields every few hundred, so a server can answer other
 * requests meanwhile; returns the grade.
 */
export function* gradingNow(store: EvalStore, run: RunRecord): Generator<void, ShownGrade<RunGrade>> {
  const share = recordSharing();
  const records: CaseRecord[] = [];
  for (const result of store.eachCaseResult(run.id)) {
    records.push(caseRecord(result, share));
    if (records.length % CHUNK === 0) yield;
  }
  const policy = gradeNowPolicy(run);
  // In the run's case order (its config lists its cases; results are stored as they finished), else in the
  // order cases first finished; epochs of a case together.
  const order = new Map(
    Object.keys((run.config.cases as Record<string, string> | undefined) ?? {}).map((id, i) => [id, i]),
  );
  for (const record of records) if (!order.has(record.case.id)) order.set(record.case.id, order.size);
  const at = (record: CaseRecord) => order.get(record.case.id) ?? 0;
  records.sort((x, y) => at(x) - at(y) || x.epoch - y.epoch);
  yield;
  return {
    grade: gradeRun({ cases: records }, { policy }),
    now: { policy, why: run.status === 'completed' ? 'older' : 'unfinished' },
  };
}

/** gradingNow all at once, for a command that has nothing else to do meanwhile. */
export function gradeNow(store: EvalStore, run: RunRecord): ShownGrade<RunGrade> {
  const grading = gradingNow(store, run);
  for (;;) {
    const step = grading.next();
    if (step.done) return step.value;
  }
}

/** The run's stored grade, else one made now (see gradingNow). */
export function gradeOf(store: EvalStore, run: RunRecord): ShownGrade<RunGrade> {
  const stored = store.runGrade(run.id);
  return stored ? { grade: stored } : gradeNow(store, run);
}

/** "graded now, under majority: an older evalpacks recorded run 3 and stored no grade with it". */
export function gradedNowNote(runId: number, now: NonNullable<ShownGrade<unknown>['now']>): string {
  const why =
    now.why === 'older'
      ? `an older evalpacks recorded run ${runId} and stored no grade with it`
      : `run ${runId} has not finished, so it has no grade of its own yet`;
  return `graded now, under ${now.policy}: ${why}`;
}
