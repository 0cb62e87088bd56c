import { InfrastructureError } from '@evalpacks/core';

/** The store cannot be used as it is; the file is left exactly as found and the run stops (exit 2). */
export class StoreError extends InfrastructureError {
  override name = 'StoreError';
}

/** SQLite's and the OS's ways of saying the disk (or the file's allowed size) is full. */
const FULL = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/**
 * What to do about a store that failed. A full disk is no damage: the file is fine and keeps what was
 * saved, so the advice is room, never a new history.
 */
export function storeFix(path: string, error: unknown): string {
  if (FULL.has(String((error as { code?: unknown })?.code))) {
    return `Free disk space where ${path} lives (what was saved is kept), or pass --store PATH on another disk`;
  }
  return `Move ${path} aside to start a new history, or pass --store PATH to use another file`;
}
