import type Database from 'better-sqlite3';

/**
 * The statements `prepare` makes for a database, prepared on its first use and kept with it: preparing them
 * on every save or read cost more than the statement itself.
 */
export function preparedOnce<T>(prepare: (db: Database.Database) => T): (db: Database.Database) => T {
  const prepared = new WeakMap<Database.Database, T>();
  return (db) => {
    let statements = prepared.get(db);
    if (statements === undefined) {
      statements = prepare(db);
      prepared.set(db, statements);
    }
    return statements;
  };
}
