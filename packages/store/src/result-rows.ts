import type { Case, CaseResult, StopReason, Transcript, Verdict } from '@evalpacks/core';

/** The columns of a saved answer, as the store keeps them. */
export interface TranscriptRow {
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
  /** A conversation case's turns, end, user error and user tokens; null for a one-message case. */
  conversation_json: string | null;
}

/** A saved result's own columns beside its answer's. */
export interface CaseRow extends TranscriptRow {
  case_id: string;
  epoch: number;
  status: CaseResult['status'];
  case_json: string;
  checks_json: string;
  reasons_json: string;
  judge_input_tokens: number;
  judge_output_tokens: number;
}

/** The columns of a saved verdict. */
export interface VerdictRow {
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
  /** Absent from rows read before migration 14 ran, as confidence before 10. */
  turn?: number | null;
  turn_note?: string | null;
}

/** The columns of TranscriptRow, from transcripts t. */
export const TRANSCRIPT_COLUMNS = `t.model, t.input, t.answer, t.tool_calls_json, t.turns, t.input_tokens, t.output_tokens,
  t.latency_ms, t.error, t.sample, t.retries, t.turn_limit_reached, t.answer_cut, t.stop_reason, t.thinking,
  t.prompt_truncated_to, t.end_state_json, t.conversation_json`;
const CASE_COLUMNS = `c.case_id, c.epoch, c.status, c.case_json, c.checks_json, c.reasons_json, c.judge_input_tokens,
  c.judge_output_tokens`;
/** The columns caseRowOf reads, in its order, from case_results c joined to transcripts t. */
export const CASE_ROW_COLUMNS = `c.rowid, ${CASE_COLUMNS}, ${TRANSCRIPT_COLUMNS}`;

// The readers below build each object key by key in the order the spreads they replace gave (the order
// results.json writes them): a run's read-back makes some 200,000 of them, and conditional spreads of
// small objects cost several times a plain assignment.

export function verdictFromRow(row: VerdictRow): Verdict {
  const verdict: Record<string, unknown> = {
    kind: row.kind,
    itemId: row.item_id,
    model: row.model,
    usage: { input: row.input_tokens, output: row.output_tokens },
    latencyMs: row.latency_ms,
  };
  if (row.retries !== null) verdict.retries = row.retries;
  if (row.prompt_version !== null) verdict.promptVersion = row.prompt_version;
  if (row.stop_reason !== null) verdict.stopReason = row.stop_reason;
  if (row.status === 'ok') {
    verdict.status = 'ok';
    verdict.reasoning = row.reasoning ?? '';
    verdict.passed = row.passed === 1;
    if (row.confidence !== undefined && row.confidence !== null) verdict.confidence = row.confidence;
    if (row.turn !== undefined && row.turn !== null) verdict.turn = row.turn;
    if (row.turn_note !== undefined && row.turn_note !== null) verdict.turnNote = row.turn_note;
  } else if (row.status === 'error') {
    verdict.status = 'error';
    verdict.error = row.error ?? '';
    if (row.raw !== null) verdict.raw = row.raw;
  } else {
    verdict.status = 'skipped';
    verdict.reason = row.skip_reason ?? '';
  }
  return verdict as unknown as Verdict;
}

/**
 * JSON this store wrote itself, from a result it was handed already checked (saveCaseResult's callers parse
 * what they save): read back as it is, not checked again. Checking every case, check and tool call again
 * cost a quarter of the time a large run's file reports take. What a store cannot trust (a shard's store
 * given to merge) its reader checks itself; a row that is not JSON at all still fails, in the store's words.
 */
export const stored = <T>(json: string): T => JSON.parse(json) as T;

export function transcriptFromRow(row: TranscriptRow): Transcript {
  const transcript: Record<string, unknown> = {
    input: row.input,
    answer: row.answer,
    toolCalls: stored<Transcript['toolCalls']>(row.tool_calls_json),
    turns: row.turns,
    usage: { input: row.input_tokens, output: row.output_tokens },
    latencyMs: row.latency_ms,
    model: row.model,
  };
  if (row.error !== null) transcript.error = row.error;
  if (row.sample === 1) transcript.sample = true;
  if (row.retries !== null) transcript.retries = row.retries;
  if (row.turn_limit_reached !== null) transcript.turnLimitReached = row.turn_limit_reached === 1;
  if (row.answer_cut !== null) transcript.answerCut = row.answer_cut;
  if (row.stop_reason !== null) transcript.stopReason = row.stop_reason;
  if (row.thinking !== null) transcript.thinking = row.thinking;
  if (row.prompt_truncated_to !== null) transcript.promptTruncatedTo = row.prompt_truncated_to;
  if (row.end_state_json !== null) transcript.endState = JSON.parse(row.end_state_json) as unknown;
  if (row.conversation_json !== null) {
    // Its transcript fields only: the column also holds the user's recorded cost (userCostUsd).
    const { conversation, conversationEnd, userError, userUsage } = stored<
      Pick<Transcript, 'conversation' | 'conversationEnd' | 'userError' | 'userUsage'>
    >(row.conversation_json);
    const fields = { conversation, conversationEnd, userError, userUsage };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) transcript[key] = value;
  }
  return transcript as unknown as Transcript;
}

export function resultFromRow(
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

/** A row of the oneCase query, its values in the order of its columns, as the row object it stands for. */
export function caseRowOf(values: unknown[]): CaseRow & { saved_order: number } {
  const v = values;
  const row = {
    saved_order: v[0],
    case_id: v[1],
    epoch: v[2],
    status: v[3],
    case_json: v[4],
    checks_json: v[5],
    reasons_json: v[6],
    judge_input_tokens: v[7],
    judge_output_tokens: v[8],
    model: v[9],
    input: v[10],
    answer: v[11],
    tool_calls_json: v[12],
    turns: v[13],
    input_tokens: v[14],
    output_tokens: v[15],
    latency_ms: v[16],
    error: v[17],
    sample: v[18],
    retries: v[19],
    turn_limit_reached: v[20],
    answer_cut: v[21],
    stop_reason: v[22],
    thinking: v[23],
    prompt_truncated_to: v[24],
    end_state_json: v[25],
    conversation_json: v[26],
  };
  return row as unknown as CaseRow & { saved_order: number };
}
