import { type CallCache, UnreadableCacheEntry } from '@evalpacks/core';

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
      if (json === undefined) return undefined;
      try {
        return JSON.parse(json) as unknown;
      } catch {
        // A damaged row is one lost answer, not a damaged store: it is fetched again and overwritten.
        throw new UnreadableCacheEntry(`cache entry ${key} is not valid JSON`);
      }
    },
    set(key, value, meta) {
      upsert.run(key, meta.role, meta.backend, meta.model, JSON.stringify(value), new Date().toISOString());
    },
  };
}
