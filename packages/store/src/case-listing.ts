import type Database from 'better-sqlite3';

export const CASE_FILTERS = ['all', 'failed', 'errors', 'flaky', 'passed'] as const;
export type CaseFilter = (typeof CASE_FILTERS)[number];

export interface CaseQuery {
  filter: CaseFilter;
  /** Matched, case-insensitively, against the case id, the case (name, input, ...) and the answer. */
  search?: string;
  limit: number;
  offset: number;
}

type Status = 'passed' | 'failed' | 'error';

/** One case of a run as the run page lists it: its epochs' statuses, never its transcript. */
export interface CaseListing {
  caseId: string;
  name: string;
  /** Each epoch's stored status, and how many of its judged items were not judged (skipped verdicts). */
  epochs: { epoch: number; status: Status; notJudged: number }[];
  /** The first reason it did not pass, if any. */
  reason?: string;
  /** The store's order of the newest save among its epochs, the live view's cursor. */
  savedOrder: number;
}

export interface CasePage {
  cases: CaseListing[];
  /** Cases matching the query, over all pages. */
  matching: number;
  /** Cases per filter, search applied, for the filter tabs. */
  counts: Record<CaseFilter, number>;
}

const HAVING: Record<CaseFilter, string> = {
  all: '1',
  failed: "sum(c.status = 'failed') > 0",
  errors: "sum(c.status = 'error') > 0",
  flaky: 'count(DISTINCT c.status) > 1',
  passed: "sum(c.status != 'passed') = 0",
};

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function searchClause(search: string | undefined): { sql: string; params: string[] } {
  if (!search?.trim()) return { sql: '', params: [] };
  const pattern = likeEscaped(search.trim());
  return {
    sql: "AND (c.case_id LIKE ? ESCAPE '\\' OR c.case_json LIKE ? ESCAPE '\\' OR t.answer LIKE ? ESCAPE '\\')",
    params: [pattern, pattern, pattern],
  };
}

interface GroupRow {
  case_id: string;
  first: number;
  last: number;
  epochs: string;
}

/** The grouped cases of a run; `extra` narrows the rows before grouping (search, the live cursor). */
function grouped(extra: string) {
  // The answers are joined only when searched, so a plain page reads the narrow status index alone.
  const answers = extra.includes('t.answer') ? 'JOIN transcripts t USING (run_id, case_id, epoch)' : '';
  return `SELECT c.case_id, min(c.rowid) AS first, max(c.rowid) AS last,
            group_concat(c.epoch || ':' || c.status) AS epochs
          FROM case_results c ${answers}
          WHERE c.run_id = ? ${extra} GROUP BY c.case_id`;
}

/**
 * Adds each listed case's name, first reason and items not judged per epoch, read for this page's cases
 * only (the verdicts by their primary key's prefix, so the status index alone still serves the paging).
 */
function describe(db: Database.Database, runId: number, rows: GroupRow[]): CaseListing[] {
  const detail = db.prepare(
    `SELECT json_extract(case_json, '$.name') AS name, json_extract(reasons_json, '$[0]') AS reason
     FROM case_results WHERE run_id = ? AND case_id = ? ORDER BY epoch LIMIT 1`,
  );
  const skipped = db.prepare(
    `SELECT epoch, count(*) AS n FROM verdicts WHERE run_id = ? AND case_id = ? AND status = 'skipped' GROUP BY epoch`,
  );
  return rows.map((row) => {
    const { name, reason } = detail.get(runId, row.case_id) as { name: string | null; reason: string | null };
    const notJudged = new Map(
      (skipped.all(runId, row.case_id) as { epoch: number; n: number }[]).map((s) => [s.epoch, s.n]),
    );
    const epochs = row.epochs
      .split(',')
      .map((pair) => {
        const [epoch, status] = pair.split(':');
        return { epoch: Number(epoch), status: status as Status, notJudged: notJudged.get(Number(epoch)) ?? 0 };
      })
      .sort((a, b) => a.epoch - b.epoch);
    return { caseId: row.case_id, name: name ?? row.case_id, epochs, savedOrder: row.last, ...(reason && { reason }) };
  });
}

/** One page of a run's cases in the order they were first saved, filtered by status and search. */
export function selectCasePage(db: Database.Database, runId: number, query: CaseQuery): CasePage {
  const search = searchClause(query.search);
  const base = grouped(search.sql);
  const rows = db
    .prepare(`${base} HAVING ${HAVING[query.filter]} ORDER BY first LIMIT ? OFFSET ?`)
    .all(runId, ...search.params, query.limit, query.offset) as GroupRow[];
  const counts = countsOf(db, runId, base, search.params);
  return { cases: describe(db, runId, rows), matching: counts[query.filter], counts };
}

function countsOf(db: Database.Database, runId: number, base: string, params: string[]): Record<CaseFilter, number> {
  const perCase = Object.entries(HAVING)
    .map(([name, having]) => `(${having}) AS "${name}"`)
    .join(', ');
  const sums = CASE_FILTERS.map((name) => `coalesce(sum("${name}"), 0) AS "${name}"`).join(', ');
  const sql = `SELECT ${sums} FROM (${base.replace('SELECT', `SELECT ${perCase},`)})`;
  return db.prepare(sql).get(runId, ...params) as Record<CaseFilter, number>;
}

/** Cases with an epoch saved after `after` (a savedOrder), for the live view of a running run. */
export function selectCasesSavedAfter(db: Database.Database, runId: number, after: number): CaseListing[] {
  const rows = db.prepare(`${grouped('')} HAVING max(c.rowid) > ? ORDER BY first`).all(runId, after) as GroupRow[];
  return describe(db, runId, rows);
}

/**
 * What one case cost per epoch in US dollars (agent, judge and a conversation's simulated user); an epoch
 * whose price is unknown is left out.
 */
export function selectCaseCosts(db: Database.Database, runId: number, caseId: string): Map<number, number> {
  const rows = db
    .prepare(
      `SELECT t.epoch, t.cost_usd AS agent,
              (SELECT sum(v.cost_usd) FROM verdicts v
               WHERE v.run_id = t.run_id AND v.case_id = t.case_id AND v.epoch = t.epoch) AS judge,
              json_extract(t.conversation_json, '$.userCostUsd') AS user
       FROM transcripts t WHERE t.run_id = ? AND t.case_id = ?`,
    )
    .all(runId, caseId) as { epoch: number; agent: number | null; judge: number | null; user: number | null }[];
  const costs = new Map<number, number>();
  for (const row of rows) {
    if (row.agent === null && row.judge === null && row.user === null) continue;
    costs.set(row.epoch, (row.agent ?? 0) + (row.judge ?? 0) + (row.user ?? 0));
  }
  return costs;
}
