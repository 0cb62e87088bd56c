import { closeSync, existsSync, mkdirSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StoreError, storeFix } from './errors.ts';
import { APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION } from './migrations.ts';

const SQLITE_MAGIC = 'SQLite format 3\0';
/** The fixed-size database header SQLite keeps at the start of page 1. */
const HEADER_BYTES = 100;

function leaveIt(path: string): string {
  return `Move ${path} aside to start a new history, or pass --store PATH to use another file`;
}

/** Whatever SQLite said, as one clause. */
function reason(error: unknown): string {
  const code = (error as { code?: string }).code;
  return `${(error as Error).message}${code ? ` (${code})` : ''}`;
}

function readHeader(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    return buffer.subarray(0, readSync(fd, buffer, 0, HEADER_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** Reads the header's own fields (no SQLite connection yet): is this an SQLite file, ours, and not newer? */
function checkHeader(path: string, header: Buffer): void {
  if (header.subarray(0, SQLITE_MAGIC.length).toString('latin1') !== SQLITE_MAGIC) {
    throw new StoreError(
      `the store ${path} is not an SQLite database (corrupt or some other file); left untouched`,
      leaveIt(path),
    );
  }
  if (header.length < HEADER_BYTES) {
    throw new StoreError(`the store ${path} is damaged (cut off inside its header); left untouched`, leaveIt(path));
  }
  refuseNewer(path, header.readInt32BE(68), header.readInt32BE(60));
}

/** A store of ours from a newer evalpacks is never written: its schema is one this code does not know. */
function refuseNewer(path: string, applicationId: number, version: number): void {
  if (applicationId === APPLICATION_ID && version > SCHEMA_VERSION) {
    throw new StoreError(
      `the store ${path} has schema version ${version}, newer than this evalpacks knows (${SCHEMA_VERSION}); left untouched`,
      'Upgrade evalpacks, or pass --store PATH to use another file',
    );
  }
}

/**
 * The same look through a connection: it reads the -wal too, where a newer evalpacks that stopped before a
 * checkpoint left its version (the file's header still holds the old one).
 */
function refuseNewerOpen(db: Database.Database, path: string): void {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  refuseNewer(path, applicationId, db.pragma('user_version', { simple: true }) as number);
}

/**
 * Looks at an existing file before anything may write to it: a file that is not ours, is damaged, or
 * comes from a newer evalpacks is reported and never touched. The deeper look uses a read-only
 * connection; a refused file keeps no -wal/-shm companions that this look created.
 */
function checkExisting(path: string): void {
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new StoreError(`the store ${path} is not a file`, leaveIt(path));
    if (stat.size === 0) return; // SQLite's own reading of an empty file: a new database
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  checkHeader(path, readHeader(path));
  const companions = [`${path}-wal`, `${path}-shm`].filter((file) => !existsSync(file));
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const objects = (db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n;
    if (applicationId !== APPLICATION_ID && (applicationId !== 0 || objects > 0)) {
      throw new StoreError(
        `the store ${path} is an SQLite database of some other program; left untouched`,
        leaveIt(path),
      );
    }
    refuseNewerOpen(db, path);
  } catch (error) {
    db?.close();
    db = undefined;
    for (const file of companions) rmSync(file, { force: true });
    if (error instanceof StoreError) throw error;
    throw new StoreError(`the store ${path} cannot be read: ${reason(error)}; left untouched`, leaveIt(path));
  } finally {
    db?.close();
  }
}

/** Applies the missing migration steps in one immediate transaction, so two processes never both migrate. */
function migrate(db: Database.Database, path: string): void {
  // Up to date: write nothing, not even the same version number.
  if (db.pragma('user_version', { simple: true }) === SCHEMA_VERSION) return;
  db.transaction(() => {
    refuseNewerOpen(db, path); // a newer evalpacks got there meanwhile
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current >= SCHEMA_VERSION) return; // another process migrated it meanwhile
    for (const step of MIGRATIONS.slice(current)) db.exec(step);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    db.pragma(`application_id = ${APPLICATION_ID}`);
  }).immediate();
}

/** Opens (creating it and its folder if need be) and migrates the store's database. */
export function openDatabase(path: string): Database.Database {
  if (path !== ':memory:') {
    checkExisting(path);
    mkdirSync(dirname(path), { recursive: true });
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(path);
    db.pragma('busy_timeout = 5000');
    // Again on the connection that writes, before its first write: a newer evalpacks may have opened the
    // store since checkExisting looked. (Closing this connection then may checkpoint that evalpacks's -wal
    // into the file: its own data, kept as it wrote it.)
    refuseNewerOpen(db, path);
    // WAL: a killed process loses at most the transaction in flight, and readers never block the run.
    db.pragma('journal_mode = WAL');
    // NORMAL is durable against a killed process (not against power loss) and saves an fsync per result.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, path);
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof StoreError) throw error;
    throw new StoreError(`the store ${path} cannot be opened: ${reason(error)}`, storeFix(path, error));
  }
}

/**
 * Opens an existing store for reading only (the viewer): nothing is created, migrated or written. A store
 * from an older evalpacks is refused rather than upgraded, since upgrading is a write.
 */
export function openDatabaseReadOnly(path: string): Database.Database {
  if (!existsSync(path)) {
    throw new StoreError(`no store at ${path}`, 'Run pnpm eval first, or pass --store PATH to name another file');
  }
  checkExisting(path);
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      throw new StoreError(
        `the store ${path} has schema version ${version}, not ${SCHEMA_VERSION}; left untouched`,
        'Run pnpm eval or pnpm history once with this evalpacks to upgrade it, or pass --store PATH to use another file',
      );
    }
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof StoreError) throw error;
    throw new StoreError(`the store ${path} cannot be opened: ${reason(error)}`, leaveIt(path));
  }
}
