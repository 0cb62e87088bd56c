import { type Case, type CaseResult, CaseSchema, type TokenUsage, type Transcript } from '@evalpacks/core';
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { preparedOnce } from './prepared-once.ts';
import {
  CASE_ROW_COLUMNS,
  type CaseRow,
  caseRowOf,
  resultFromRow,
  stored,
  TRANSCRIPT_COLUMNS,
  type TranscriptRow,
  transcriptFromRow,
  type VerdictRow,
  verdictFromRow,
} from './result-rows.ts';

/** The tokens of a run's saved results, per role. */
export interface SavedUsage {
  agent: TokenUsage;
  judge: TokenUsage;
  /** A conversation's simulated user, over the run's conversations (0 without any). */
  user: TokenUsage;
}

const RESULTS_FROM = 'FROM case_results c JOIN transcripts t USING (run_id, case_id, epoch)';
const RESULTS = `SELECT c.*, ${TRANSCRIPT_COLUMNS} ${RESULTS_FROM}`;

/** The statements a read runs, prepared once per database: a run is read back a result or a case at a time. */
interface ReadStatements {
  order: Database.Statement;
  saved: Database.Statement;
  oneCase: Database.Statement;
  verdicts: Database.Statement;
  caseVerdicts: Database.Statement;
  transcript: Database.Statement;
  cases: Database.Statement;
  count: Database.Statement;
  keys: Database.Statement;
  usage: Database.Statement;
  caseOutcomes: Database.Statement;
  caseTexts: Database.Statement;
  caseTextsBySave: Database.Statement;
}

const readStatements = preparedOnce(
  (db): ReadStatements => ({
    order: db.prepare('SELECT rowid FROM case_results WHERE run_id = ? ORDER BY rowid').pluck(),
    saved: db.prepare(`${RESULTS} WHERE c.rowid = ?`),
    // Put in order in JS (see selectCaseResults): an ORDER BY here sorted every row, its kilobytes of
    // case, input and answer included, through a temporary b-tree.
    // Rows as arrays (see caseRowOf): better-sqlite3 makes an object a row key by key, which cost a
    // quarter of the query.
    oneCase: db.prepare(`SELECT ${CASE_ROW_COLUMNS} ${RESULTS_FROM} WHERE c.run_id = ? AND c.case_id = ?`).raw(),
    verdicts: db.prepare('SELECT * FROM verdicts WHERE run_id = ? AND case_id = ? AND epoch = ? ORDER BY position'),
    caseVerdicts: db.prepare('SELECT * FROM verdicts WHERE run_id = ? AND case_id = ? ORDER BY epoch, position'),
    transcript: db.prepare(
      `SELECT ${TRANSCRIPT_COLUMNS} FROM transcripts t WHERE run_id = ? AND case_id = ? AND epoch = ?`,
    ),
    // Each case once, as its last saved result holds it, in the order of its first: 10,000 rows of a
    // 30,000-result run, not every result's copy of its case.
    cases: db
      .prepare(
        `SELECT c.case_json FROM (SELECT min(rowid) AS first, max(rowid) AS last FROM case_results
           WHERE run_id = ? GROUP BY case_id) g JOIN case_results c ON c.rowid = g.last ORDER BY g.first`,
      )
      .pluck(),
    // A case's results without their answers (no transcripts read): what the Markdown report shows. Its
    // case (4 kB of JSON a result in a code review) is read once: as its epochs saved it, compared in SQLite.
    caseOutcomes: db.prepare(
      'SELECT rowid, epoch, status, checks_json, reasons_json FROM case_results WHERE run_id = ? AND case_id = ?',
    ),
    caseTexts: db
      .prepare('SELECT case_json FROM case_results WHERE run_id = ? AND case_id = ? GROUP BY case_json LIMIT 2')
      .pluck(),
    caseTextsBySave: db.prepare('SELECT rowid, case_json FROM case_results WHERE run_id = ? AND case_id = ?').raw(),
    count: db.prepare('SELECT count(*) AS saved FROM case_results WHERE run_id = ?'),
    keys: db.prepare('SELECT case_id AS caseId, epoch FROM case_results WHERE run_id = ? ORDER BY rowid'),
    usage: db.prepare(
      `SELECT coalesce(sum(t.input_tokens), 0) AS agentInput, coalesce(sum(t.output_tokens), 0) AS agentOutput,
         coalesce(sum(c.judge_input_tokens), 0) AS judgeInput, coalesce(sum(c.judge_output_tokens), 0) AS judgeOutput,
         coalesce(sum(json_extract(t.conversation_json, '$.userUsage.input')), 0) AS userInput,
         coalesce(sum(json_extract(t.conversation_json, '$.userUsage.output')), 0) AS userOutput
       FROM case_results c JOIN transcripts t USING (run_id, case_id, epoch) WHERE c.run_id = ?`,
    ),
  }),
);

const parse = <T>(schema: z.ZodType<T>, json: string): T => schema.parse(JSON.parse(json));

/**
 * Every saved result of one case of a run (all its epochs), in the order they were saved: two queries for
 * the case, whatever its epochs, and its JSON read once when every epoch saved the same case.
 */
export function selectCaseResults(db: Database.Database, runId: number, caseId: string): CaseResult[] {
  const statements = readStatements(db);
  const rows = (statements.oneCase.all(runId, caseId) as unknown[][])
    .map(caseRowOf)
    .sort((a, b) => a.saved_order - b.saved_order);
  const verdicts = verdictsByEpoch(statements.caseVerdicts.all(runId, caseId) as VerdictRow[]);
  let seen: { json: string; value: Case } | undefined;
  const caseOf = (json: string): Case => {
    if (seen?.json !== json) seen = { json, value: stored<Case>(json) };
    return seen.value;
  };
  return rows.map((row) => resultFromRow(row, verdicts.get(row.epoch) ?? [], caseOf));
}

/** A saved result of a case without its answer and tokens: its case, checks, verdicts and reasons. */
export type SavedOutcome = Pick<CaseResult, 'case' | 'epoch' | 'status' | 'checks' | 'verdicts' | 'reasons'>;

/**
 * Every saved result of one case of a run (all its epochs) without its answer and tokens, in the order they
 * were saved: as selectCaseResults reads them, less the transcripts (most of a result's bytes).
 */
export function selectCaseOutcomes(db: Database.Database, runId: number, caseId: string): SavedOutcome[] {
  const statements = readStatements(db);
  type OutcomeRow = Pick<CaseRow, 'epoch' | 'status' | 'checks_json' | 'reasons_json'> & { rowid: number };
  const rows = (statements.caseOutcomes.all(runId, caseId) as OutcomeRow[]).sort((a, b) => a.rowid - b.rowid);
  const verdicts = verdictsByEpoch(statements.caseVerdicts.all(runId, caseId) as VerdictRow[]);
  const texts = statements.caseTexts.all(runId, caseId) as string[];
  // Every epoch saved the same case (as a run does): one object for all, as selectCaseResults gives them.
  const one = texts.length === 1 ? stored<Case>(texts[0] as string) : undefined;
  const each = one ? undefined : caseBySave(statements, runId, caseId);
  return rows.map((row) => ({
    case: one ?? (each?.get(row.rowid) as Case),
    epoch: row.epoch,
    status: row.status,
    checks: stored<CaseResult['checks']>(row.checks_json),
    verdicts: (verdicts.get(row.epoch) ?? []).map(verdictFromRow),
    reasons: stored<string[]>(row.reasons_json),
  }));
}

/** Each saved result's case, by rowid; one object for results that saved the same JSON. */
function caseBySave(statements: ReadStatements, runId: number, caseId: string): Map<number, Case> {
  const parsed = new Map<string, Case>();
  const cases = new Map<number, Case>();
  for (const [rowid, json] of statements.caseTextsBySave.all(runId, caseId) as [number, string][]) {
    let value = parsed.get(json);
    if (!value) {
      value = stored<Case>(json);
      parsed.set(json, value);
    }
    cases.set(rowid, value);
  }
  return cases;
}

function verdictsByEpoch(rows: VerdictRow[]): Map<number, VerdictRow[]> {
  const verdicts = new Map<number, VerdictRow[]>();
  for (const verdict of rows) {
    const list = verdicts.get(verdict.epoch);
    if (list) list.push(verdict);
    else verdicts.set(verdict.epoch, [verdict]);
  }
  return verdicts;
}

/**
 * Where each saved result of a run is in the store, in the order they were saved: a few bytes a result,
 * so a run is read back one result at a time (selectSavedResult) without holding the results.
 */
export function selectSavedOrder(db: Database.Database, runId: number): number[] {
  return readStatements(db).order.all(runId) as number[];
}

/** The result saved at `savedOrder` (see selectSavedOrder); undefined once it was replaced. */
export function selectSavedResult(db: Database.Database, savedOrder: number): CaseResult | undefined {
  const statements = readStatements(db);
  const row = statements.saved.get(savedOrder) as (CaseRow & { run_id: number }) | undefined;
  return row && resultFromRow(row, statements.verdicts.all(row.run_id, row.case_id, row.epoch) as VerdictRow[]);
}

/** The answer a run saved for one case and epoch, or undefined. */
export function selectTranscript(
  db: Database.Database,
  runId: number,
  caseId: string,
  epoch: number,
): Transcript | undefined {
  const row = readStatements(db).transcript.get(runId, caseId, epoch) as TranscriptRow | undefined;
  return row && transcriptFromRow(row);
}

/** The cases a run saved results of, in the order of their first saved result (each as its last saved it). */
export function selectRunCases(db: Database.Database, runId: number): Case[] {
  const rows = readStatements(db).cases.all(runId) as string[];
  return rows.map((json) => parse(CaseSchema, json));
}

/** How many results a run has saved. */
export function countResults(db: Database.Database, runId: number): number {
  return (readStatements(db).count.get(runId) as { saved: number }).saved;
}

/** The case and epoch of each result a run saved, in the order they were saved. */
export function selectResultKeys(db: Database.Database, runId: number): { caseId: string; epoch: number }[] {
  return readStatements(db).keys.all(runId) as { caseId: string; epoch: number }[];
}

/** The tokens a run's saved results used, per role, summed in the store (no result is read). */
export function selectSavedUsage(db: Database.Database, runId: number): SavedUsage {
  const row = readStatements(db).usage.get(runId) as Record<
    'agentInput' | 'agentOutput' | 'judgeInput' | 'judgeOutput' | 'userInput' | 'userOutput',
    number
  >;
  return {
    agent: { input: row.agentInput, output: row.agentOutput },
    judge: { input: row.judgeInput, output: row.judgeOutput },
    user: { input: row.userInput, output: row.userOutput },
  };
}
