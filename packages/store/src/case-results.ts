import type { CaseResult, Label, TokenUsage } from '@evalpacks/core';
import { inputHash, labelKey } from '@evalpacks/core/calibration';
import type Database from 'better-sqlite3';
import { preparedOnce } from './prepared-once.ts';

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
         confidence, turn, turn_note, label_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
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
  const toolCallsJson = JSON.stringify(transcript.toolCalls);
  // The key a label on each ok verdict gets (labelKey), from what is saved (the tool calls as read back), so a
  // label queue finds labelled verdicts by key in SQL instead of hashing answers as it is viewed.
  let material: Omit<Parameters<typeof labelKey>[0], 'kind' | 'itemId'> | undefined;
  const labelKeyOf = (verdict: CaseResult['verdicts'][number]) => {
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
      toolCallsJson,
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
      transcript.endState === undefined ? null : JSON.stringify(transcript.endState),
      conversationJson(transcript, costOf),
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
        verdict.status === 'ok' ? (verdict.confidence ?? null) : null,
        verdict.status === 'ok' ? (verdict.turn ?? null) : null,
        verdict.status === 'ok' ? (verdict.turnNote ?? null) : null,
        verdict.status === 'ok' ? labelKeyOf(verdict) : null,
      );
    });
  })();
}
