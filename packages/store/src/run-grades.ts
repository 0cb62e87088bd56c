import { type CaseTally, type GradeSummary, GradeSummarySchema, type RunGrade } from '@evalpacks/core/grade';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { preparedOnce } from './prepared-once.ts';

const statements = preparedOnce((db) => ({
  save: db.prepare(
    `INSERT OR REPLACE INTO run_grades (run_id, policy, cases_passed, cases_total, passed, summary_json, graded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ),
  clearCases: db.prepare('DELETE FROM run_grade_cases WHERE run_id = ?'),
  saveCase: db.prepare('INSERT INTO run_grade_cases (run_id, position, tally_json) VALUES (?, ?, ?)'),
  summary: db.prepare('SELECT summary_json FROM run_grades WHERE run_id = ?').pluck(),
  policy: db.prepare('SELECT policy FROM run_grades WHERE run_id = ?').pluck(),
  cases: db.prepare('SELECT tally_json FROM run_grade_cases WHERE run_id = ? ORDER BY position').pluck(),
}));

/**
 * A stored summary as it is read back: every field checked but the two lists that grow with a run's
 * failures (the suggestions and the flaky items, tens of thousands in a large failing run), which this
 * evalpacks wrote from a grade it made (the store's schema version fixes their form) and which are only
 * ever printed, escaped. Checking them element by element cost more than the rest of a summary.json. The
 * case tallies (what a comparison reads) are trusted likewise.
 */
const StoredSummarySchema = GradeSummarySchema.extend({
  suggestions: z.array(z.unknown()),
  figures: GradeSummarySchema.shape.figures.extend({
    perCase: GradeSummarySchema.shape.figures.shape.perCase.extend({ flaky: z.array(z.unknown()) }),
  }),
});

/**
 * Keeps a run's grade with it, replacing any it had: its summary in one row, its case tallies a row each
 * (a run of 10,000 cases writes no string of megabytes). The JSON is core's RunGradeSchema; a change to that
 * form needs a migration of its own, since readers trust the parts they do not check (see StoredSummarySchema).
 */
export function insertGrade(db: Database.Database, runId: number, grade: RunGrade, now: string): void {
  const { cases, ...summary } = grade;
  const saved = statements(db);
  db.transaction(() => {
    saved.save.run(
      runId,
      grade.policy,
      grade.caseCounts.passed,
      grade.caseCounts.total,
      grade.passed ? 1 : 0,
      JSON.stringify(summary),
      now,
    );
    saved.clearCases.run(runId);
    for (const [position, tally] of cases.entries()) saved.saveCase.run(runId, position, JSON.stringify(tally));
  })();
}

/** The run's grade without its cases (small whatever the run's size), or undefined when none was stored. */
export function selectGradeSummary(db: Database.Database, runId: number): GradeSummary | undefined {
  const json = statements(db).summary.get(runId) as string | undefined;
  return json === undefined ? undefined : (StoredSummarySchema.parse(JSON.parse(json)) as GradeSummary);
}

/** The run's whole grade, its case tallies included, or undefined when none was stored. */
export function selectGrade(db: Database.Database, runId: number): RunGrade | undefined {
  const summary = selectGradeSummary(db, runId);
  if (!summary) return undefined;
  const rows = statements(db).cases.all(runId) as string[];
  return { ...summary, cases: rows.map((json) => JSON.parse(json) as CaseTally) };
}

/** A grade's case tallies and the policy they were reduced under: what a comparison reads. */
export type GradeTallies = Pick<RunGrade, 'policy' | 'cases'>;

/**
 * The run's case tallies and its policy, or undefined when no grade was stored. The policy comes from its
 * column, so a comparison does not parse and check the summary (hundreds of KB on a large run) for it.
 */
export function selectGradeTallies(db: Database.Database, runId: number): GradeTallies | undefined {
  const read = statements(db);
  const policy = read.policy.get(runId) as string | undefined;
  if (policy === undefined) return undefined;
  const rows = read.cases.all(runId) as string[];
  return {
    policy: GradeSummarySchema.shape.policy.parse(policy),
    cases: rows.map((json) => JSON.parse(json) as CaseTally),
  };
}
