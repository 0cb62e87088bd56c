import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EvalStore, SCHEMA_VERSION, StoreError } from '../src/index.ts';
import { caseResult, runMeta, sha256, tempStorePath } from './support.ts';

/** A real store with one saved result, closed, as bytes. */
function storeBytes(): Buffer {
  const path = tempStorePath();
  const store = EvalStore.open(path);
  store.saveCaseResult(store.beginRun(runMeta()).id, caseResult('a'));
  store.close();
  return readFileSync(path);
}

function expectRefused(path: string, message: RegExp): void {
  const before = sha256(path);
  let error: unknown;
  try {
    EvalStore.open(path).close();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(StoreError);
  expect((error as StoreError).message).toMatch(message);
  expect((error as StoreError).fix).toMatch(/--store PATH/);
  expect(sha256(path)).toBe(before);
  expect(existsSync(`${path}-wal`)).toBe(false);
  expect(existsSync(`${path}-shm`)).toBe(false);
}

describe('opening a store that cannot be used', () => {
  it('refuses a file that is not SQLite and leaves it untouched', () => {
    const path = tempStorePath();
    writeFileSync(path, 'these are my notes, not a database\n');
    expectRefused(path, /is not an SQLite database \(corrupt or some other file\); left untouched/);
  });

  it('refuses a store whose first page is damaged', () => {
    const path = tempStorePath();
    const bytes = storeBytes();
    bytes.fill(0x5a, 100, 4096);
    writeFileSync(path, bytes);
    expectRefused(path, /cannot be read: database disk image is malformed \(SQLITE_CORRUPT\); left untouched/);
  });

  it('refuses a store truncated mid-header', () => {
    const path = tempStorePath();
    writeFileSync(path, storeBytes().subarray(0, 50));
    expectRefused(path, /is damaged \(cut off inside its header\); left untouched/);
  });

  it('refuses a store written by a newer evalpacks', () => {
    const path = tempStorePath();
    EvalStore.open(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expectRefused(path, new RegExp(`has schema version ${SCHEMA_VERSION + 1}, newer than this evalpacks knows`));
  });

  it('refuses a store whose newer schema version is still in its -wal, not yet in the main file', () => {
    const original = tempStorePath();
    EvalStore.open(original).close();
    // A newer evalpacks raised the version and was stopped before a checkpoint: only the -wal holds it.
    const newer = new Database(original);
    newer.pragma('journal_mode = WAL');
    newer.pragma('wal_autocheckpoint = 0');
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    const path = tempStorePath();
    copyFileSync(original, path);
    copyFileSync(`${original}-wal`, `${path}-wal`);
    newer.close();
    expect(readFileSync(path).readInt32BE(60)).toBe(SCHEMA_VERSION);
    const before = [sha256(path), sha256(`${path}-wal`)];
    const message =
      `the store ${path} has schema version ${SCHEMA_VERSION + 1}, newer than this evalpacks knows ` +
      `(${SCHEMA_VERSION}); left untouched`;
    for (const open of [() => EvalStore.open(path), () => EvalStore.openReadOnly(path)]) {
      let error: unknown;
      try {
        open().close();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).message).toBe(message);
      expect((error as StoreError).fix).toBe('Upgrade evalpacks, or pass --store PATH to use another file');
      expect([sha256(path), sha256(`${path}-wal`)]).toEqual(before);
    }
    // What the newer evalpacks wrote is still there for it.
    const reader = new Database(path, { readonly: true });
    expect(reader.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    reader.close();
  });

  it("refuses another program's SQLite database", () => {
    const path = tempStorePath();
    const db = new Database(path);
    db.exec('CREATE TABLE notes (text TEXT)');
    db.close();
    expectRefused(path, /is an SQLite database of some other program/);
  });

  it('reports damage found after opening as a StoreError, not a crash', () => {
    const path = tempStorePath();
    const bytes = storeBytes();
    bytes.fill(0x5a, 4096 * 2, 4096 * 6);
    writeFileSync(path, bytes);
    const store = EvalStore.open(path);
    expect(() => store.caseResults(1)).toThrow(StoreError);
    store.close();
  });

  it('migrates an empty file and a fresh path alike', () => {
    const empty = tempStorePath();
    writeFileSync(empty, '');
    EvalStore.open(empty).close();
    const db = new Database(empty, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });
});
