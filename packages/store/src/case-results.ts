import type { CaseResult, Label, TokenUsage } from '@evalpacks/core';
import { inputHash, labelKey } from '@evalpacks/core/calibration';
import { resultJsonText } from '@evalpacks/core/report';
import type Database from 'better-sqlite3';
import { preparedOnce } from './prepared-once.ts';
import { type CaseRow, resultFromRow, type VerdictRow } from './result-rows.ts';

/**
 * Prices the tokens of the run's agent, judge or simulated user in US dollars; undefined when unknown.
 * Local models cost 0.
 */
export type CostOf = (role: 'agent' | 'judge' | 'user', usage: TokenUsage) => number | undefined;

/** The statements a save runs, prepared once per database: preparing them on every save cost more than the insert. */
interface SaveStatements {
  remove: Database.Statement;
  result: Database.Statement;
  transcript: Database.Statement;
  verdict: Database.Statement;
  text: Database.Statement;
  echo: Database.Statement;
  nextRank: Database.Statement;
}

const saveStatements = preparedOnce(
  (db): SaveStatements => ({
    remove: db.prepare('DELETE FROM case_results WHERE run_id = ? AND case_id = ? AND epoch = ?'),
    result: db.prepare(
      `INSERT INTO case_results (run_id, case_id, epoch, status, case_json, checks_json, reasons_json,
         judge_input_tokens, judge_output_tokens, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    transcript: db.prepare(
      `INSERT INTO transcripts (run_id, case_id, epoch, model, input, answer, tool_calls_json, turns, input_tokens,
         output_tokens, latency_ms, cost_usd, error, sample, retries, turn_limit_reached, answer_cut, stop_reason,
         thinking, prompt_truncated_to, end_state_json, conversation_json)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    verdict: db.prepare(
      `INSERT INTO verdicts (run_id, case_id, epoch, position, kind, item_id, status, passed, reasoning, error, raw,
         skip_reason, model, input_tokens, output_tokens, latency_ms, cost_usd, retries, prompt_version, stop_reason,
         confidence, turn, turn_note, label_key, queue_rank)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    text: db.prepare('INSERT INTO result_texts (run_id, case_id, epoch, text) VALUES (?, ?, ?, ?)'),
    echo: db.prepare('SELECT ?').pluck(),
    // The label queue's next place in the run (migration 13): ok verdicts are placed as they are saved.
    nextRank: db
      .prepare(
        `SELECT coalesce(max(queue_rank) + 1, 0) FROM verdicts INDEXED BY verdicts_by_queue_rank
         WHERE run_id = ? AND queue_rank IS NOT NULL`,
      )
      .pluck(),
  }),
);

/**
 * A conversation case's own fields as one JSON column; null for a one-message case. The simulated user's
 * cost is kept beside its tokens (`userCostUsd`), as the agent's is in its column and the judge's in each
 * verdict's: the run's recorded cost sums all three.
 */
function conversationJson(transcript: CaseResult['transcript'], costOf: CostOf): string | null {
  const { conversation, conversationEnd, userError, userUsage } = transcript;
  if (conversation === undefined) return null;
  const userCostUsd = userUsage && costOf('user', userUsage);
  return JSON.stringify({ conversation, conversationEnd, userError, userUsage, userCostUsd });
}

/**
 * The key a label on each ok verdict of the result gets (labelKey), from what is saved (the tool calls as read
 * back), so a label queue finds labelled verdicts by key in SQL instead of hashing answers as it is viewed.
 */
function labelKeys(result: CaseResult, toolCallsJson: string): (verdict: CaseResult['verdicts'][number]) => string {
  const { case: testCase, transcript } = result;
  let material: Omit<Parameters<typeof labelKey>[0], 'kind' | 'itemId'> | undefined;
  return (verdict) => {
    material ??= {
      inputSha256: inputHash(testCase.input),
      answer: transcript.answer,
      toolCalls: JSON.parse(toolCallsJson) as Label['toolCalls'],
      // A conversation case's turns, as a label saved on it carries them (JSON without undefined fields).
      ...(transcript.conversation && {
        conversation: JSON.parse(JSON.stringify(transcript.conversation)) as Label['conversation'],
      }),
      caseId: testCase.id,
    };
    return labelKey({ ...material, kind: verdict.kind, itemId: verdict.itemId });
  };
}

/**
 * The row a result's case, checks and answer are saved as; each string passed through `text` (to hold what
 * SQLite gives back when read, see readBackText).
 */
function caseRowFor(result: CaseResult, text: (value: string) => string, costOf: CostOf): CaseRow {
  const { transcript } = result;
  return {
    case_id: text(result.case.id),
    epoch: result.epoch,
    status: result.status,
    case_json: JSON.stringify(result.case),
    checks_json: JSON.stringify(result.checks),
    reasons_json: JSON.stringify(result.reasons),
    judge_input_tokens: result.judgeUsage.input,
    judge_output_tokens: result.judgeUsage.output,
    model: text(transcript.model),
    input: text(transcript.input),
    answer: text(transcript.answer),
    tool_calls_json: JSON.stringify(transcript.toolCalls),
    turns: transcript.turns,
    input_tokens: transcript.usage.input,
    output_tokens: transcript.usage.output,
    latency_ms: transcript.latencyMs,
    error: textOrNull(text, transcript.error),
    sample: transcript.sample ? 1 : 0,
    retries: transcript.retries ?? null,
    turn_limit_reached: transcript.turnLimitReached === undefined ? null : transcript.turnLimitReached ? 1 : 0,
    answer_cut: transcript.answerCut ?? null,
    stop_reason: transcript.stopReason ?? null,
    thinking: textOrNull(text, transcript.thinking),
    prompt_truncated_to: transcript.promptTruncatedTo ?? null,
    end_state_json: transcript.endState === undefined ? null : JSON.stringify(transcript.endState),
    conversation_json: conversationJson(transcript, costOf),
  };
}

/** The rows a result's verdicts are saved as, in order (see caseRowFor). */
function verdictRowsFor(result: CaseResult, text: (value: string) => string): VerdictRow[] {
  return result.verdicts.map((verdict) => ({
    epoch: result.epoch,
    kind: verdict.kind,
    item_id: text(verdict.itemId),
    status: verdict.status,
    passed: verdict.status === 'ok' ? (verdict.passed ? 1 : 0) : null,
    reasoning: verdict.status === 'ok' ? text(verdict.reasoning) : null,
    error: verdict.status === 'error' ? text(verdict.error) : null,
    raw: verdict.status === 'error' ? textOrNull(text, verdict.raw) : null,
    skip_reason: verdict.status === 'skipped' ? text(verdict.reason) : null,
    model: text(verdict.model),
    input_tokens: verdict.usage.input,
    output_tokens: verdict.usage.output,
    latency_ms: verdict.latencyMs,
    retries: verdict.retries ?? null,
    prompt_version: textOrNull(text, verdict.promptVersion),
    stop_reason: verdict.stopReason ?? null,
    confidence: verdict.status === 'ok' ? (verdict.confidence ?? null) : null,
    turn: verdict.status === 'ok' ? (verdict.turn ?? null) : null,
    turn_note: verdict.status === 'ok' ? textOrNull(text, verdict.turnNote) : null,
  }));
}

/** A surrogate not part of a pair (with the u flag, a pair is one code point and never matches). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const textOrNull = (text: (value: string) => string, value: string | undefined) =>
  value === undefined ? null : text(value);

/**
 * The result as the store reads it back (resultFromRow of its rows), from the rows it is saved as. A string
 * with a lone surrogate (a model's reply may hold one) does not survive SQLite's UTF-8 as it was: then every
 * string goes through SQLite, to come back as every read sees it.
 */
function readBack(
  db: Database.Database,
  result: CaseResult,
  row: CaseRow,
  verdictRows: VerdictRow[],
  costOf: CostOf,
): CaseResult {
  let wellFormed = true;
  const check = (value: string) => {
    if (LONE_SURROGATE.test(value)) wellFormed = false;
    return value;
  };
  caseRowFor(result, check, costOf);
  verdictRowsFor(result, check);
  if (wellFormed) return resultFromRow(row, verdictRows);
  const echo = (value: string) => saveStatements(db).echo.get(value) as string;
  return resultFromRow(caseRowFor(result, echo, costOf), verdictRowsFor(result, echo));
}

/**
 * Saves one case result (its transcript, every verdict and its text in results.json) in one transaction, so
 * a killed process leaves either the whole result or none of it. Saving the same case and epoch again
 * replaces it. The text is made from the rows as they are read back (resultFromRow), so a report copying
 * it writes the bytes a report reading the result back would.
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
  const row = caseRowFor(result, (value) => value, costOf);
  const verdictRows = verdictRowsFor(result, (value) => value);
  const text = Buffer.from(resultJsonText(readBack(db, result, row, verdictRows, costOf)), 'utf8');
  const labelKeyOf = labelKeys(result, row.tool_calls_json);
  db.transaction(() => {
    statements.remove.run(...key);
    statements.result.run(
      ...key,
      row.status,
      row.case_json,
      row.checks_json,
      row.reasons_json,
      row.judge_input_tokens,
      row.judge_output_tokens,
      new Date().toISOString(),
    );
    statements.transcript.run(
      ...key,
      row.model,
      row.input,
      row.answer,
      row.tool_calls_json,
      row.turns,
      row.input_tokens,
      row.output_tokens,
      row.latency_ms,
      costOf('agent', transcript.usage) ?? null,
      row.error,
      row.sample,
      row.retries,
      row.turn_limit_reached,
      row.answer_cut,
      row.stop_reason,
      row.thinking,
      row.prompt_truncated_to,
      row.end_state_json,
      row.conversation_json,
    );
    // Placed after every ok verdict saved before, in position order: the order the completion trigger gives, so it
    // has nothing to renumber unless a result was saved again (a gap) or saved before this step (no place).
    let rank = statements.nextRank.get(runId) as number;
    result.verdicts.forEach((saved, position) => {
      const verdict = verdictRows[position] as VerdictRow;
      statements.verdict.run(
        ...key,
        position,
        verdict.kind,
        verdict.item_id,
        verdict.status,
        verdict.passed,
        verdict.reasoning,
        verdict.error,
        verdict.raw,
        verdict.skip_reason,
        verdict.model,
        verdict.input_tokens,
        verdict.output_tokens,
        verdict.latency_ms,
        costOf('judge', saved.usage) ?? null,
        verdict.retries,
        verdict.prompt_version,
        verdict.stop_reason,
        verdict.confidence ?? null,
        verdict.turn ?? null,
        verdict.turn_note ?? null,
        saved.status === 'ok' ? labelKeyOf(saved) : null,
        saved.status === 'ok' ? rank++ : null,
      );
    });
    statements.text.run(...key, text);
  })();
}
