import type { CallCache } from '@evalpacks/core/runner';

/** The port's operations, synchronous as better-sqlite3 is; the store wraps them in promises. */
export interface SyncCallCache {
  get(key: string): unknown | undefined;
  set(...args: Parameters<CallCache['set']>): void;
}

import type Database from 'better-sqlite3';

/** The call cache over the store's `call_cache` table: one row per model call, its response as JSON. */
export function sqliteCallCache(db: Database.Database): SyncCallCache {
  const select = db.prepare('SELECT value_json FROM call_cache WHERE key = ?').pluck();
  const upsert = db.prepare(
    `INSERT INTO call_cache (key, role, backend, model, value_json, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, created_at = excluded.created_at`,
  );
  return {
    get(key) {
      const json = select.get(key) as string | undefined;
      return json === undefined ? undefined : (JSON.parse(json) as unknown);
    },
    set(key, value, meta) {
      upsert.run(key, meta.role, meta.backend, meta.model, JSON.stringify(value), new Date().toISOString());
    },
  };
}
