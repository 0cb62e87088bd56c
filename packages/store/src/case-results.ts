import {
  type CaseResult,
  CaseSchema,
  CheckResultSchema,
  type StopReason,
  type TokenUsage,
  ToolCallSchema,
  type Verdict,
} from '@evalpacks/core';
import type Database from 'better-sqlite3';
import { z } from 'zod';

/** Prices the tokens of the run's agent or judge in US dollars; undefined when unknown. Local models cost 0. */
export type CostOf = (role: 'agent' | 'judge', usage: TokenUsage) => number | undefined;

/** The statements a save runs, prepared once per database: preparing them on every save cost more than the insert. */
interface SaveStatements {
  remove: Database.Statement;
  result: Database.Statement;
  transcript: Database.Statement;
  verdict: Database.Statement;
}

const prepared = new WeakMap<Database.Database, SaveStatements>();

function saveStatements(db: Database.Database): SaveStatements {
  let statements = prepared.get(db);
  if (!statements) {
    statements = {
      remove: db.prepare('DELETE FROM case_results WHERE run_id = ? AND case_id = ? AND epoch = ?'),
      result: db.prepare(
        `INSERT INTO case_results (run_id, case_id, epoch, status, case_json, checks_json, reasons_json,
           judge_input_tokens, judge_output_tokens, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      transcript: db.prepare(
        `INSERT INTO transcripts (run_id, case_id, epoch, model, input, answer, tool_calls_json, turns, input_tokens,
           output_tokens, latency_ms, cost_usd, error, sample, retries, turn_limit_reached, answer_cut, stop_reason,
           thinking, prompt_truncated_to)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      verdict: db.prepare(
        `INSERT INTO verdicts (run_id, case_id, epoch, position, kind, item_id, status, passed, reasoning, error, raw,
           skip_reason, model, input_tokens, output_tokens, latency_ms, cost_usd, retries, prompt_version, stop_reason)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    };
    prepared.set(db, statements);
  }
  return statements;
}

/**
 * Saves one case result (its transcript and every verdict) in one transaction, so a killed process
 * leaves either the whole result or none of it. Saving the same case and epoch again replaces it.
 */
export function insertCaseResult(
  db: Database.Database,
  runId: number,
  result: CaseResult,
  costOf: CostOf = () => undefined,
): void {
  const { case: testCase, epoch, transcript } = result;
  const key = [runId, testCase.id, epoch] as const;
  const statements = saveStatements(db);
  db.transaction(() => {
    statements.remove.run(...key);
    statements.result.run(
      ...key,
      result.status,
      JSON.stringify(testCase),
      JSON.stringify(result.checks),
      JSON.stringify(result.reasons),
      result.judgeUsage.input,
      result.judgeUsage.output,
      new Date().toISOString(),
    );
    statements.transcript.run(
      ...key,
      transcript.model,
      transcript.input,
      transcript.answer,
      JSON.stringify(transcript.toolCalls),
      transcript.turns,
      transcript.usage.input,
      transcript.usage.output,
      transcript.latencyMs,
      costOf('agent', transcript.usage) ?? null,
      transcript.error ?? null,
      transcript.sample ? 1 : 0,
      transcript.retries ?? null,
      transcript.turnLimitReached === undefined ? null : transcript.turnLimitReached ? 1 : 0,
      transcript.answerCut ?? null,
      transcript.stopReason ?? null,
      transcript.thinking ?? null,
      transcript.promptTruncatedTo ?? null,
    );
    result.verdicts.forEach((verdict, position) => {
      statements.verdict.run(
        ...key,
        position,
        verdict.kind,
        verdict.itemId,
        verdict.status,
        verdict.status === 'ok' ? (verdict.passed ? 1 : 0) : null,
        verdict.status === 'ok' ? verdict.reasoning : null,
        verdict.status === 'error' ? verdict.error : null,
        verdict.status === 'error' ? (verdict.raw ?? null) : null,
        verdict.status === 'skipped' ? verdict.reason : null,
        verdict.model,
        verdict.usage.input,
        verdict.usage.output,
        verdict.latencyMs,
        costOf('judge', verdict.usage) ?? null,
        verdict.retries ?? null,
        verdict.promptVersion ?? null,
        verdict.stopReason ?? null,
      );
    });
  })();
}

interface CaseRow {
  case_id: string;
  epoch: number;
  status: CaseResult['status'];
  case_json: string;
  checks_json: string;
  reasons_json: string;
  judge_input_tokens: number;
  judge_output_tokens: number;
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
}

interface VerdictRow {
  case_id: string;
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
}

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
  if (row.status === 'ok') return { ...base, status: 'ok', reasoning: row.reasoning ?? '', passed: row.passed === 1 };
  if (row.status === 'error') {
    return { ...base, status: 'error', error: row.error ?? '', ...(row.raw !== null && { raw: row.raw }) };
  }
  return { ...base, status: 'skipped', reason: row.skip_reason ?? '' };
}

const parse = <T>(schema: z.ZodType<T>, json: string): T => schema.parse(JSON.parse(json));

/**
 * Every saved result of a run (or of one of its cases), in the order they were saved, epochs of a case
 * together.
 */
export function selectCaseResults(db: Database.Database, runId: number, caseId?: string): CaseResult[] {
  const oneCase = caseId === undefined ? '' : ' AND c.case_id = ?';
  const params = caseId === undefined ? [runId] : [runId, caseId];
  const rows = db
    .prepare(
      `SELECT c.*, t.model, t.input, t.answer, t.tool_calls_json, t.turns, t.input_tokens, t.output_tokens,
              t.latency_ms, t.error, t.sample, t.retries, t.turn_limit_reached, t.answer_cut, t.stop_reason,
              t.thinking, t.prompt_truncated_to
       FROM case_results c JOIN transcripts t USING (run_id, case_id, epoch)
       WHERE c.run_id = ?${oneCase} ORDER BY c.rowid`,
    )
    .all(...params) as CaseRow[];
  const verdicts = new Map<string, Verdict[]>();
  const verdictRows = db
    .prepare(`SELECT * FROM verdicts WHERE run_id = ?${oneCase.replace('c.', '')} ORDER BY case_id, epoch, position`)
    .all(...params) as VerdictRow[];
  for (const row of verdictRows) {
    const key = `${row.case_id}#${row.epoch}`;
    verdicts.set(key, [...(verdicts.get(key) ?? []), verdictFromRow(row)]);
  }
  return rows.map((row) => ({
    case: parse(CaseSchema, row.case_json),
    epoch: row.epoch,
    status: row.status,
    transcript: {
      input: row.input,
      answer: row.answer,
      toolCalls: parse(z.array(ToolCallSchema), row.tool_calls_json),
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
    },
    checks: parse(z.array(CheckResultSchema), row.checks_json),
    verdicts: verdicts.get(`${row.case_id}#${row.epoch}`) ?? [],
    reasons: parse(z.array(z.string()), row.reasons_json),
    judgeUsage: { input: row.judge_input_tokens, output: row.judge_output_tokens },
  }));
}
