import type { ModelRef } from '@evalpacks/core';
import type { Shard } from '@evalpacks/core/runner';
import type Database from 'better-sqlite3';

export type RunKind = 'eval' | 'rejudge';
export type RunStatus = 'running' | 'interrupted' | 'completed';

/** What a run is: enough to show it in history, resume it, or refuse to resume it with other settings. */
export interface RunMeta {
  kind: RunKind;
  /** The run a re-judge read its transcripts from. */
  parentRunId?: number;
  pack: string;
  variant: string;
  promptHash: string;
  agent: ModelRef;
  judge?: ModelRef;
  epochs: number;
  offline: boolean;
  gitCommit?: string;
  /** The settings that decide the results, compared field by field on --resume. */
  config: Record<string, unknown>;
  /** The part of the cases this run ran (--shard I/N); absent when it ran them all. */
  shard?: Shard;
  startedAt: string;
}

export interface RunRecord extends RunMeta {
  id: number;
  status: RunStatus;
  finishedAt?: string;
}

export interface RunRow {
  id: number;
  kind: RunKind;
  parent_run_id: number | null;
  pack: string;
  variant: string;
  prompt_hash: string;
  agent_backend: string;
  agent_model: string;
  judge_backend: string | null;
  judge_model: string | null;
  epochs: number;
  offline: number;
  git_commit: string | null;
  config_json: string;
  status: RunStatus;
  started_at: string;
  finished_at: string | null;
  shard_index: number | null;
  shard_count: number | null;
}

export function runFromRow(row: RunRow): RunRecord {
  return {
    id: row.id,
    kind: row.kind,
    ...(row.parent_run_id !== null && { parentRunId: row.parent_run_id }),
    pack: row.pack,
    variant: row.variant,
    promptHash: row.prompt_hash,
    agent: { backend: row.agent_backend, model: row.agent_model },
    ...(row.judge_backend !== null && { judge: { backend: row.judge_backend, model: row.judge_model ?? '' } }),
    epochs: row.epochs,
    offline: row.offline === 1,
    ...(row.git_commit !== null && { gitCommit: row.git_commit }),
    config: JSON.parse(row.config_json) as Record<string, unknown>,
    ...(row.shard_index !== null &&
      row.shard_count !== null && { shard: { index: row.shard_index, count: row.shard_count } }),
    status: row.status,
    startedAt: row.started_at,
    ...(row.finished_at !== null && { finishedAt: row.finished_at }),
  };
}

export function insertRun(db: Database.Database, meta: RunMeta): number {
  const info = db
    .prepare(
      `INSERT INTO runs (kind, parent_run_id, pack, variant, prompt_hash, agent_backend, agent_model, judge_backend,
         judge_model, epochs, offline, git_commit, config_json, status, started_at, shard_index, shard_count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)`,
    )
    .run(
      meta.kind,
      meta.parentRunId ?? null,
      meta.pack,
      meta.variant,
      meta.promptHash,
      meta.agent.backend,
      meta.agent.model,
      meta.judge?.backend ?? null,
      meta.judge?.model ?? null,
      meta.epochs,
      meta.offline ? 1 : 0,
      meta.gitCommit ?? null,
      JSON.stringify(meta.config),
      meta.startedAt,
      meta.shard?.index ?? null,
      meta.shard?.count ?? null,
    );
  return Number(info.lastInsertRowid);
}

export function selectRun(db: Database.Database, id: number): RunRecord | undefined {
  const row = db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
  return row && runFromRow(row);
}

/** The newest completed eval run in the file, of any pack: what a CI job's store holds. */
export function selectLatestCompleted(db: Database.Database): RunRecord | undefined {
  const row = db
    .prepare("SELECT * FROM runs WHERE status = 'completed' AND kind = 'eval' ORDER BY id DESC LIMIT 1")
    .get() as RunRow | undefined;
  return row && runFromRow(row);
}

/** The newest run that never completed (interrupted, or killed while running), of one pack or any. */
export function selectLatestUnfinished(db: Database.Database, pack?: string): RunRecord | undefined {
  const row = (
    pack === undefined
      ? db.prepare("SELECT * FROM runs WHERE status != 'completed' AND kind = 'eval' ORDER BY id DESC LIMIT 1").get()
      : db
          .prepare(
            "SELECT * FROM runs WHERE status != 'completed' AND kind = 'eval' AND pack = ? ORDER BY id DESC LIMIT 1",
          )
          .get(pack)
  ) as RunRow | undefined;
  return row && runFromRow(row);
}

export function updateRunStatus(db: Database.Database, id: number, status: RunStatus, finishedAt?: string): void {
  db.prepare('UPDATE runs SET status = ?, finished_at = ? WHERE id = ?').run(status, finishedAt ?? null, id);
}

/** A completed run with how many of its cases passed, as its stored grade counts them. */
export interface RunOutcome extends RunRecord {
  /** Cases passed under the grade's policy, and cases in all. */
  passed: number;
  total: number;
  /** The policy of cases that set none, as the grade says. */
  policy: string;
  /** Set when the run has no stored grade (an older evalpacks recorded it): it was graded now, under this. */
  gradedNow?: string;
}

/** Completed runs of a pack, oldest first, with their stored grade's counts when they have one. */
export function selectRunOutcomes(
  db: Database.Database,
  pack: string,
): (RunRecord & { grade?: Pick<RunOutcome, 'passed' | 'total' | 'policy'> })[] {
  const rows = db
    .prepare(
      `SELECT runs.*, g.cases_passed, g.cases_total, g.policy FROM runs LEFT JOIN run_grades g ON g.run_id = runs.id
       WHERE runs.pack = ? AND runs.status = 'completed' ORDER BY runs.id`,
    )
    .all(pack) as (RunRow & { cases_passed: number | null; cases_total: number | null; policy: string | null })[];
  return rows.map((row) => ({
    ...runFromRow(row),
    ...(row.policy !== null && {
      grade: { passed: row.cases_passed ?? 0, total: row.cases_total ?? 0, policy: row.policy },
    }),
  }));
}
