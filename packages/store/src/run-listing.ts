import type Database from 'better-sqlite3';
import { type RunRecord, type RunRow, runFromRow } from './runs.ts';

/** Which runs to list: any filter left out matches every run; `model` matches the agent's or the judge's. */
export interface RunFilter {
  id?: number;
  pack?: string;
  variant?: string;
  model?: string;
  limit: number;
  offset: number;
}

/** A run as the runs list shows it: its record with its results counted so far. */
export interface RunListing extends RunRecord {
  total: number;
  passed: number;
  errors: number;
  /** US dollars for the calls whose price is known; undefined when none is. */
  costUsd?: number;
}

export interface RunPage {
  runs: RunListing[];
  /** Runs matching the filter, over all pages. */
  matching: number;
}

function where(filter: RunFilter): { sql: string; params: (string | number)[] } {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  const add = (clause: string, ...values: (string | number)[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (filter.id !== undefined) add('id = ?', filter.id);
  if (filter.pack) add('pack = ?', filter.pack);
  if (filter.variant) add('variant = ?', filter.variant);
  if (filter.model) add('(agent_model = ? OR judge_model = ?)', filter.model, filter.model);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * One page of runs, newest first. The counts are correlated subqueries over the primary keys, so a page
 * costs its own runs' rows only, however large the store.
 */
export function selectRunPage(db: Database.Database, filter: RunFilter): RunPage {
  const { sql, params } = where(filter);
  const rows = db
    .prepare(
      `SELECT runs.*,
         (SELECT count(*) FROM case_results c WHERE c.run_id = runs.id) AS total,
         (SELECT count(*) FROM case_results c WHERE c.run_id = runs.id AND c.status = 'passed') AS passed,
         (SELECT count(*) FROM case_results c WHERE c.run_id = runs.id AND c.status = 'error') AS errors,
         (SELECT sum(cost_usd) FROM transcripts t WHERE t.run_id = runs.id) AS agent_cost,
         (SELECT sum(cost_usd) FROM verdicts v WHERE v.run_id = runs.id) AS judge_cost,
         (SELECT sum(json_extract(t.conversation_json, '$.userCostUsd')) FROM transcripts t
          WHERE t.run_id = runs.id AND t.conversation_json IS NOT NULL) AS user_cost
       FROM runs ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, filter.limit, filter.offset) as (RunRow & {
    total: number;
    passed: number;
    errors: number;
    agent_cost: number | null;
    judge_cost: number | null;
    user_cost: number | null;
  })[];
  const matching = (db.prepare(`SELECT count(*) AS n FROM runs ${sql}`).get(...params) as { n: number }).n;
  return {
    matching,
    runs: rows.map((row) => {
      const known = row.agent_cost !== null || row.judge_cost !== null || row.user_cost !== null;
      return {
        ...runFromRow(row),
        total: row.total,
        passed: row.passed,
        errors: row.errors,
        ...(known && { costUsd: (row.agent_cost ?? 0) + (row.judge_cost ?? 0) + (row.user_cost ?? 0) }),
      };
    }),
  };
}

/** The values the runs list can be filtered by. */
export interface RunFacets {
  packs: string[];
  variants: string[];
  models: string[];
}

export function selectRunFacets(db: Database.Database): RunFacets {
  const column = (sql: string) => db.prepare(sql).pluck().all() as string[];
  return {
    packs: column('SELECT DISTINCT pack FROM runs ORDER BY pack'),
    variants: column('SELECT DISTINCT variant FROM runs ORDER BY variant'),
    models: column(
      `SELECT agent_model FROM runs UNION SELECT judge_model FROM runs WHERE judge_model IS NOT NULL ORDER BY 1`,
    ),
  };
}
