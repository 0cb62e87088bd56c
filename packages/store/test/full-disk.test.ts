import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { storeFix } from '../src/errors.ts';
import { tempStorePath } from './support.ts';

describe('a store on a full disk', () => {
  it('advises freeing disk space, not a new history, for SQLite full and ENOSPC', () => {
    const path = tempStorePath();
    const db = new Database(path);
    db.exec('CREATE TABLE t (x TEXT)');
    // A database capped at its current size fails exactly as on a full disk: SQLITE_FULL.
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
    let full: unknown;
    try {
      db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000));
    } catch (error) {
      full = error;
    }
    db.close();
    expect((full as { code?: string }).code).toBe('SQLITE_FULL');
    expect(storeFix(path, full)).toBe(
      `Free disk space where ${path} lives (what was saved is kept), or pass --store PATH on another disk`,
    );
    expect(storeFix(path, Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toMatch(/^Free disk space/);
    expect(storeFix(path, Object.assign(new Error('corrupt'), { code: 'SQLITE_CORRUPT' }))).toMatch(
      /^Move .* aside to start a new history/,
    );
  });
});
