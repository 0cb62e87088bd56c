import { ConversationTurnSchema, type Label, LabelSchema, ToolCallSchema } from '@evalpacks/core';
import { labelKey } from '@evalpacks/core/calibration';
import type Database from 'better-sqlite3';
import { z } from 'zod';

interface LabelRow {
  case_id: string;
  kind: Label['kind'];
  item_id: string;
  label: Label['label'];
  wrong: Label['wrong'] | null;
  note: string | null;
  verdict_passed: number;
  verdict_reasoning: string;
  verdict_model: string;
  verdict_prompt_version: string | null;
  input_sha256: string;
  answer: string;
  tool_calls_json: string;
  /** A conversation case's turns (step 15); null for a one-message case's label. */
  conversation_json: string | null;
  labelled_at: string;
}

/** Saves a person's label; a label on the same answer and item replaces the earlier one. Returns its key. */
export function upsertLabel(db: Database.Database, pack: string, label: Label): string {
  const key = labelKey(label);
  db.prepare(
    `INSERT OR REPLACE INTO labels (pack, key, case_id, kind, item_id, label, wrong, note, verdict_passed,
       verdict_reasoning, verdict_model, verdict_prompt_version, input_sha256, answer, tool_calls_json, conversation_json, labelled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    pack,
    key,
    label.caseId,
    label.kind,
    label.itemId,
    label.label,
    label.wrong ?? null,
    label.note ?? null,
    label.verdict.passed ? 1 : 0,
    label.verdict.reasoning,
    label.verdict.model,
    label.verdict.promptVersion ?? null,
    label.inputSha256,
    label.answer,
    JSON.stringify(label.toolCalls),
    label.conversation ? JSON.stringify(label.conversation) : null,
    label.labelledAt ?? new Date().toISOString(),
  );
  return key;
}

function labelFromRow(row: LabelRow): Label {
  return LabelSchema.parse({
    caseId: row.case_id,
    kind: row.kind,
    itemId: row.item_id,
    label: row.label,
    ...(row.wrong !== null && { wrong: row.wrong }),
    ...(row.note !== null && { note: row.note }),
    verdict: {
      passed: row.verdict_passed === 1,
      reasoning: row.verdict_reasoning,
      model: row.verdict_model,
      ...(row.verdict_prompt_version !== null && { promptVersion: row.verdict_prompt_version }),
    },
    inputSha256: row.input_sha256,
    answer: row.answer,
    toolCalls: z.array(ToolCallSchema).parse(JSON.parse(row.tool_calls_json)),
    ...(row.conversation_json !== null && {
      conversation: z.array(ConversationTurnSchema).parse(JSON.parse(row.conversation_json)),
    }),
    labelledAt: row.labelled_at,
  });
}

/** Every label of a pack, in the order they were first given. */
export function selectLabels(db: Database.Database, pack: string): Label[] {
  const rows = db.prepare('SELECT * FROM labels WHERE pack = ? ORDER BY rowid').all(pack) as LabelRow[];
  return rows.map(labelFromRow);
}

export function deleteLabel(db: Database.Database, pack: string, key: string): boolean {
  return db.prepare('DELETE FROM labels WHERE pack = ? AND key = ?').run(pack, key).changes > 0;
}

/** What a label queue needs of a label: its key, its item and the answer it is on (no parse of the rest). */
export interface LabelRef {
  key: string;
  caseId: string;
  kind: Label['kind'];
  itemId: string;
  answer: string;
}

/** Every label of a pack as LabelRefs, read from the columns that hold them (the key as it was saved). */
export function selectLabelRefs(db: Database.Database, pack: string): LabelRef[] {
  return db
    .prepare('SELECT key, case_id AS caseId, kind, item_id AS itemId, answer FROM labels WHERE pack = ? ORDER BY rowid')
    .all(pack) as LabelRef[];
}
