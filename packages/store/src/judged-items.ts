import type { Verdict } from '@evalpacks/core';
import type { QueueCandidate } from '@evalpacks/core/calibration';

type JudgedItemKind = Verdict['kind'];

import type Database from 'better-sqlite3';
import { preparedOnce } from './prepared-once.ts';

/**
 * One verdict the judge gave (status ok), without the answer it judged: a few dozen bytes a verdict. The label
 * queue's candidate, with the judge model that gave it.
 */
export interface JudgedItem extends QueueCandidate {
  model: string;
}

type JudgedItemRow = [
  caseId: string,
  epoch: number,
  kind: JudgedItemKind,
  itemId: string,
  passed: number,
  confidence: number | null,
  model: string,
];

/**
 * What a label on one result is keyed by (see labelKey): the case input, the answer and its tool calls, and
 * a conversation case's turns (JSON; null for a one-message case).
 */
export interface KeyMaterial {
  epoch: number;
  input: string;
  answer: string;
  toolCallsJson: string;
  conversationJson: string | null;
}

/** A verdict of another run on the same answer and item that went the other way, and whose it was. */
export interface JudgeDisagreement {
  caseId: string;
  epoch: number;
  kind: JudgedItemKind;
  itemId: string;
  /** The other judge: its model, and its run. */
  other: string;
}

interface JudgedStatements {
  items: Database.Statement;
  disagreements: Database.Statement;
  keyMaterial: Database.Statement;
  kin: Database.Statement;
  labelsVersion: Database.Statement;
}

const statements = preparedOnce((db): JudgedStatements => {
  // A store opened read-only may predate migration 10, whose verdicts have no confidence column.
  const columns = db.prepare("SELECT name FROM pragma_table_info('verdicts')").pluck().all() as string[];
  const confidence = columns.includes('confidence') ? 'v.confidence' : 'NULL';
  return {
    // Rows as arrays: 60,000 of them for a run of 30,000 results.
    items: db
      .prepare(
        `SELECT v.case_id, v.epoch, v.kind, v.item_id, v.passed, ${confidence}, v.model
         FROM case_results c JOIN verdicts v ON v.run_id = c.run_id AND v.case_id = c.case_id AND v.epoch = c.epoch
         WHERE c.run_id = ? AND v.status = 'ok' ORDER BY c.rowid, v.position`,
      )
      .raw(),
    kin: db
      .prepare(
        `SELECT coalesce(group_concat(r.id || ':' || r.status, ','), '') FROM runs r, runs me
         WHERE me.id = ? AND r.id != me.id
           AND (r.parent_run_id = me.id OR r.id = me.parent_run_id OR r.parent_run_id = me.parent_run_id)`,
      )
      .pluck(),
    // A new label has a new rowid (a replaced one too), a removed one lowers the count.
    labelsVersion: db.prepare(`SELECT count(*) || ':' || coalesce(max(rowid), 0) FROM labels WHERE pack = ?`).pluck(),
    keyMaterial: db.prepare(
      `SELECT c.epoch, json_extract(c.case_json, '$.input') AS input, t.answer, t.tool_calls_json AS toolCallsJson,
         json_extract(t.conversation_json, '$.conversation') AS conversationJson
       FROM case_results c JOIN transcripts t USING (run_id, case_id, epoch)
       WHERE c.run_id = ? AND c.case_id = ? AND t.answer IN (SELECT value FROM json_each(?))`,
    ),
    // The runs that judged this run's answers too: its re-judges, the run it re-judged, and that run's other
    // re-judges. Same case and epoch there is the same answer (a re-judge copies it; checked all the same).
    // CROSS JOIN keeps this order: the kin runs' verdicts by run, then this run's verdict on the same item,
    // and only where the two went different ways the two answers (left to itself, SQLite scanned every
    // verdict of the store and compared the answers of each: 470 ms at 66,000 verdicts).
    disagreements: db.prepare(
      `WITH me AS (SELECT id, parent_run_id AS parent FROM runs WHERE id = :run),
         kin AS (
           SELECT r.id FROM runs r, me
           WHERE r.id != me.id AND (r.parent_run_id = me.id OR r.id = me.parent OR r.parent_run_id = me.parent)
         )
       SELECT v.case_id AS caseId, v.epoch, v.kind, v.item_id AS itemId,
         w.model || ' (run #' || w.run_id || ')' AS other
       FROM kin
         CROSS JOIN verdicts w ON w.run_id = kin.id AND w.status = 'ok'
         CROSS JOIN verdicts v ON v.run_id = :run AND v.case_id = w.case_id AND v.epoch = w.epoch AND v.kind = w.kind
           AND v.item_id = w.item_id AND v.status = 'ok' AND v.passed != w.passed
         CROSS JOIN transcripts mine ON mine.run_id = v.run_id AND mine.case_id = v.case_id AND mine.epoch = v.epoch
         CROSS JOIN transcripts theirs ON theirs.run_id = w.run_id AND theirs.case_id = w.case_id AND theirs.epoch = w.epoch
       WHERE mine.answer = theirs.answer
       ORDER BY w.run_id`,
    ),
  };
});

/** Every verdict the judge gave in a run, in the order the results were saved (then the verdicts' order). */
export function selectJudgedItems(db: Database.Database, runId: number): JudgedItem[] {
  const rows = statements(db).items.all(runId) as JudgedItemRow[];
  return rows.map(([caseId, epoch, kind, itemId, passed, confidence, model]) =>
    confidence === null
      ? { caseId, epoch, kind, itemId, passed: passed === 1, model }
      : { caseId, epoch, kind, itemId, passed: passed === 1, confidence, model },
  );
}

/**
 * The key material of each saved epoch of one case of a run whose answer is one of `answers` (no case JSON
 * parsed: its input is extracted, and only for those epochs).
 */
export function selectKeyMaterial(
  db: Database.Database,
  runId: number,
  caseId: string,
  answers: readonly string[],
): KeyMaterial[] {
  return statements(db).keyMaterial.all(runId, caseId, JSON.stringify(answers)) as KeyMaterial[];
}

/**
 * The run's verdicts that another run of the same answers (a re-judge, or the run it re-judged) decided
 * the other way, one row per verdict and other run.
 */
export function selectJudgeDisagreements(db: Database.Database, runId: number): JudgeDisagreement[] {
  return statements(db).disagreements.all({ run: runId }) as JudgeDisagreement[];
}

/**
 * What the run's disagreements rest on: the runs that judged its answers too, with their statuses. While
 * it is the same (and they are completed), judgeDisagreements gives the same rows.
 */
export function selectKinVersion(db: Database.Database, runId: number): string {
  return statements(db).kin.get(runId) as string;
}

/** Changes whenever a label of the pack is given, replaced or removed. */
export function selectLabelsVersion(db: Database.Database, pack: string): string {
  return statements(db).labelsVersion.get(pack) as string;
}
