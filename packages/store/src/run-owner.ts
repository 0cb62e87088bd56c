import type Database from 'better-sqlite3';

/** The process recording a run: --resume must not take a run from a process that is still at it. */
export interface RunOwner {
  pid: number;
  host: string;
}

export interface OwnerRecord extends RunOwner {
  /** When the owner last said it was alive (ISO time). */
  heartbeatAt: string;
}

interface OwnerRow {
  status: string;
  owner_pid: number | null;
  owner_host: string | null;
  heartbeat_at: string | null;
}

/** The owner a row records, if any. */
const ownerOf = (row: Omit<OwnerRow, 'status'>): OwnerRecord | undefined =>
  row.owner_pid === null || row.owner_host === null
    ? undefined
    : { pid: row.owner_pid, host: row.owner_host, heartbeatAt: row.heartbeat_at ?? '' };

const same = (a: RunOwner, b: RunOwner) => a.pid === b.pid && a.host === b.host;

export function setRunOwner(db: Database.Database, id: number, owner: RunOwner, now: string): void {
  db.prepare('UPDATE runs SET owner_pid = ?, owner_host = ?, heartbeat_at = ? WHERE id = ?').run(
    owner.pid,
    owner.host,
    now,
    id,
  );
}

/** The process recording a run, as last recorded; undefined for a run of an older store (or no such run). */
export function selectRunOwner(db: Database.Database, id: number): OwnerRecord | undefined {
  const row = db.prepare('SELECT owner_pid, owner_host, heartbeat_at FROM runs WHERE id = ?').get(id) as
    | Omit<OwnerRow, 'status'>
    | undefined;
  return row && ownerOf(row);
}

/** Says the owner is alive; a run someone else has claimed meanwhile is left alone. */
export function beat(db: Database.Database, id: number, owner: RunOwner, now: string): void {
  db.prepare('UPDATE runs SET heartbeat_at = ? WHERE id = ? AND owner_pid = ? AND owner_host = ?').run(
    now,
    id,
    owner.pid,
    owner.host,
  );
}

/**
 * Takes a run over for `owner` in one immediate transaction, so two resumes never both win. A running
 * run whose owner `isLive` says is alive stays its owner's: that owner is returned and nothing changes.
 */
export function claimRun(
  db: Database.Database,
  id: number,
  owner: RunOwner,
  now: string,
  isLive: (current: OwnerRecord) => boolean,
): OwnerRecord | undefined {
  return db
    .transaction(() => {
      const row = db.prepare('SELECT status, owner_pid, owner_host, heartbeat_at FROM runs WHERE id = ?').get(id) as
        | OwnerRow
        | undefined;
      const current = row?.status === 'running' ? ownerOf(row) : undefined;
      if (current && !same(current, owner) && isLive(current)) return current;
      db.prepare("UPDATE runs SET status = 'running' WHERE id = ?").run(id);
      setRunOwner(db, id, owner, now);
      return undefined;
    })
    .immediate();
}

/**
 * A status change by `owner` only while the run is still its own (or was never owned: older stores);
 * false when another process owns it now and nothing changed.
 */
export function updateOwnedStatus(
  db: Database.Database,
  id: number,
  owner: RunOwner,
  status: string,
  finishedAt: string | null,
): boolean {
  const info = db
    .prepare(
      `UPDATE runs SET status = ?, finished_at = ?
     WHERE id = ? AND (owner_pid IS NULL OR (owner_pid = ? AND owner_host = ?))`,
    )
    .run(status, finishedAt, id, owner.pid, owner.host);
  return info.changes > 0;
}

/**
 * Removes a run that holds no result, while `owner` still owns it: one that stopped before it started (its
 * model server could not be reached). Its number goes back too (AUTOINCREMENT would skip it for good), so
 * such a start leaves nothing behind. Returns whether it was removed.
 */
export function deleteUnstartedRun(db: Database.Database, id: number, owner: RunOwner): boolean {
  return db
    .transaction(() => {
      const { changes } = db
        .prepare(
          `DELETE FROM runs WHERE id = ? AND owner_pid = ? AND owner_host = ?
             AND NOT EXISTS (SELECT 1 FROM case_results WHERE run_id = runs.id)`,
        )
        .run(id, owner.pid, owner.host);
      if (changes === 0) return false;
      db.prepare("UPDATE sqlite_sequence SET seq = (SELECT coalesce(max(id), 0) FROM runs) WHERE name = 'runs'").run();
      return true;
    })
    .immediate();
}
