import type Database from 'better-sqlite3';
import { preparedOnce } from './prepared-once.ts';

const textStatements = preparedOnce((db) => ({
  // Rows as arrays: [epoch, text].
  caseTexts: db.prepare('SELECT epoch, text FROM result_texts WHERE run_id = ? AND case_id = ?').raw(),
}));

/**
 * Each saved epoch of one case of a run that has its text in results.json (the UTF-8 bytes of core's
 * resultJsonText, saved with the result), by epoch. A result saved by an evalpacks before the store kept
 * them has none: its reader makes it from the result.
 */
export function selectCaseResultTexts(db: Database.Database, runId: number, caseId: string): Map<number, Buffer> {
  const rows = textStatements(db).caseTexts.all(runId, caseId) as [number, Buffer][];
  return new Map(rows);
}
