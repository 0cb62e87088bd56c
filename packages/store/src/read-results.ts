import {
  type Case,
  type CaseResult,
  CaseSchema,
  type StopReason,
  type TokenUsage,
  type Transcript,
  type Verdict,
} from '@evalpacks/core';
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { preparedOnce } from './prepared-once.ts';

/** The tokens of a run's saved results, per role. */
export interface SavedUsage {
  agent: TokenUsage;
  judge: TokenUsage;
}

interface TranscriptRow {
  model: string;
  input: string;
  answer: string;
  tool_calls_json: string;
  turns: number;
  input_tokens: number;
  output_tokens: number;
  latency_ms: number;
  error: string | null;
  sample: number;
  retries: number | null;
  turn_limit_reached: number | null;
  answer_cut: number | null;
  stop_reason: StopReason | null;
  thinking: string | null;
  prompt_truncated_to: number | null;
  end_state_json: string | null;
}

interface CaseRow extends TranscriptRow {
  case_id: string;
  epoch: number;
  status: CaseResult['status'];
  case_json: string;
  checks_json: string;
  reasons_json: string;
  judge_input_tokens: number;
  judge_output_tokens: number;
}

interface VerdictRow {
  epoch: number;
  kind: Verdict['kind'];
  item_id: string;
  status: Verdict['status'];
  passed: number | null;
  reasoning: string | null;
  error: string | null;
  raw: string | null;
  skip_reason: string | null;
  model: string;
  input_tokens: number;
  output_tokens: number;
  latency_ms: number;
  retries: number | null;
  prompt_version: string | null;
  stop_reason: StopReason | null;
  /** Absent from rows read before migration 10 ran: SELECT * then has no such column. */
  confidence?: number | null;
}

const TRANSCRIPT_COLUMNS = `t.model, t.input, t.answer, t.tool_calls_json, t.turns, t.input_tokens, t.output_tokens,
  t.latency_ms, t.error, t.sample, t.retries, t.turn_limit_reached, t.answer_cut, t.stop_reason, t.thinking,
  t.prompt_truncated_to, t.end_state_json`;
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
}

const readStatements = preparedOnce(
  (db): ReadStatements => ({
    order: db.prepare('SELECT rowid FROM case_results WHERE run_id = ? ORDER BY rowid').pluck(),
    saved: db.prepare(`${RESULTS} WHERE c.rowid = ?`),
    // Put in order in JS (see selectCaseResults): an ORDER BY here sorted every row, its kilobytes of
    // case, input and answer included, through a temporary b-tree.
    oneCase: db.prepare(
      `SELECT c.rowid AS saved_order, c.*, ${TRANSCRIPT_COLUMNS} ${RESULTS_FROM} WHERE c.run_id = ? AND c.case_id = ?`,
    ),
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
    count: db.prepare('SELECT count(*) AS saved FROM case_results WHERE run_id = ?'),
    keys: db.prepare('SELECT case_id AS caseId, epoch FROM case_results WHERE run_id = ? ORDER BY rowid'),
    usage: db.prepare(
      `SELECT coalesce(sum(t.input_tokens), 0) AS agentInput, coalesce(sum(t.output_tokens), 0) AS agentOutput,
         coalesce(sum(c.judge_input_tokens), 0) AS judgeInput, coalesce(sum(c.judge_output_tokens), 0) AS judgeOutput
       FROM case_results c JOIN transcripts t USING (run_id, case_id, epoch) WHERE c.run_id = ?`,
    ),
  }),
);

function verdictFromRow(row: VerdictRow): Verdict {
  const base = {
    kind: row.kind,
    itemId: row.item_id,
    model: row.model,
    usage: { input: row.input_tokens, output: row.output_tokens },
    latencyMs: row.latency_ms,
    ...(row.retries !== null && { retries: row.retries }),
    ...(row.prompt_version !== null && { promptVersion: row.prompt_version }),
    ...(row.stop_reason !== null && { stopReason: row.stop_reason }),
  };
  if (row.status === 'ok') {
    const confidence = row.confidence ?? undefined;
    const ok = { ...base, status: 'ok' as const, reasoning: row.reasoning ?? '', passed: row.passed === 1 };
    return confidence === undefined ? ok : { ...ok, confidence };
  }
  if (row.status === 'error') {
    return { ...base, status: 'error', error: row.error ?? '', ...(row.raw !== null && { raw: row.raw }) };
  }
  return { ...base, status: 'skipped', reason: row.skip_reason ?? '' };
}

const parse = <T>(schema: z.ZodType<T>, json: string): T => schema.parse(JSON.parse(json));

/**
 * JSON this store wrote itself, from a result it was handed already checked (saveCaseResult's callers parse
 * what they save): read back as it is, not checked again. Checking every case, check and tool call again
 * cost a quarter of the time a large run's file reports take. What a store cannot trust (a shard's store
 * given to merge) its reader checks itself; a row that is not JSON at all still fails, in the store's words.
 */
const stored = <T>(json: string): T => JSON.parse(json) as T;

function transcriptFromRow(row: TranscriptRow): Transcript {
  return {
    input: row.input,
    answer: row.answer,
    toolCalls: stored<Transcript['toolCalls']>(row.tool_calls_json),
    turns: row.turns,
    usage: { input: row.input_tokens, output: row.output_tokens },
    latencyMs: row.latency_ms,
    model: row.model,
    ...(row.error !== null && { error: row.error }),
    ...(row.sample === 1 && { sample: true }),
    ...(row.retries !== null && { retries: row.retries }),
    ...(row.turn_limit_reached !== null && { turnLimitReached: row.turn_limit_reached === 1 }),
    ...(row.answer_cut !== null && { answerCut: row.answer_cut }),
    ...(row.stop_reason !== null && { stopReason: row.stop_reason }),
    ...(row.thinking !== null && { thinking: row.thinking }),
    ...(row.prompt_truncated_to !== null && { promptTruncatedTo: row.prompt_truncated_to }),
    ...(row.end_state_json !== null && { endState: JSON.parse(row.end_state_json) as unknown }),
  };
}

function resultFromRow(
  row: CaseRow,
  verdictRows: VerdictRow[],
  caseOf: (json: string) => Case = (json) => stored<Case>(json),
): CaseResult {
  return {
    case: caseOf(row.case_json),
    epoch: row.epoch,
    status: row.status,
    transcript: transcriptFromRow(row),
    checks: stored<CaseResult['checks']>(row.checks_json),
    verdicts: verdictRows.map(verdictFromRow),
    reasons: stored<string[]>(row.reasons_json),
    judgeUsage: { input: row.judge_input_tokens, output: row.judge_output_tokens },
  };
}

/**
 * Every saved result of one case of a run (all its epochs), in the order they were saved: two queries for
 * the case, whatever its epochs, and its JSON read once when every epoch saved the same case.
 */
export function selectCaseResults(db: Database.Database, runId: number, caseId: string): CaseResult[] {
  const statements = readStatements(db);
  const rows = (statements.oneCase.all(runId, caseId) as (CaseRow & { saved_order: number })[]).sort(
    (a, b) => a.saved_order - b.saved_order,
  );
  const verdicts = new Map<number, VerdictRow[]>();
  for (const verdict of statements.caseVerdicts.all(runId, caseId) as VerdictRow[]) {
    const list = verdicts.get(verdict.epoch);
    if (list) list.push(verdict);
    else verdicts.set(verdict.epoch, [verdict]);
  }
  let seen: { json: string; value: Case } | undefined;
  const caseOf = (json: string): Case => {
    if (seen?.json !== json) seen = { json, value: stored<Case>(json) };
    return seen.value;
  };
  return rows.map((row) => resultFromRow(row, verdicts.get(row.epoch) ?? [], caseOf));
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
    'agentInput' | 'agentOutput' | 'judgeInput' | 'judgeOutput',
    number
  >;
  return {
    agent: { input: row.agentInput, output: row.agentOutput },
    judge: { input: row.judgeInput, output: row.judgeOutput },
  };
}
