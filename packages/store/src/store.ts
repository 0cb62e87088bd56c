import type { CallCache, CaseResult, Label } from '@evalpacks/core';
import Database from 'better-sqlite3';
import { ZodError } from 'zod';
import { type CostOf, insertCaseResult, selectCaseResults } from './case-results.ts';
import { StoreError } from './errors.ts';
import { deleteLabel, selectLabels, upsertLabel } from './labels.ts';
import { openDatabase } from './open-database.ts';
import {
  insertRun,
  type RunMeta,
  type RunOutcome,
  type RunRecord,
  type RunStatus,
  selectLatestUnfinished,
  selectRun,
  selectRunOutcomes,
  updateRunStatus,
} from './runs.ts';
import { sqliteCallCache } from './sqlite-call-cache.ts';

/**
 * Run history and the call cache in one SQLite file. Every write is its own transaction and lands
 * before the call returns, so whatever completed survives a killed process.
 */
export class EvalStore {
  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {}

  /** Opens or creates the store; a damaged, foreign or newer file is a StoreError and stays as it was. */
  static open(path: string): EvalStore {
    return new EvalStore(path, openDatabase(path));
  }

  beginRun(meta: RunMeta): RunRecord {
    const id = this.guard(() => insertRun(this.db, meta));
    return this.run(id) as RunRecord;
  }

  run(id: number): RunRecord | undefined {
    return this.guard(() => selectRun(this.db, id));
  }

  /** The newest eval run that did not complete, of this pack or of any. */
  latestUnfinishedRun(pack?: string): RunRecord | undefined {
    return this.guard(() => selectLatestUnfinished(this.db, pack));
  }

  setRunStatus(id: number, status: RunStatus, finishedAt?: string): void {
    this.guard(() => updateRunStatus(this.db, id, status, finishedAt));
  }

  saveCaseResult(runId: number, result: CaseResult, costOf?: CostOf): void {
    this.guard(() => insertCaseResult(this.db, runId, result, costOf));
  }

  caseResults(runId: number): CaseResult[] {
    return this.guard(() => selectCaseResults(this.db, runId));
  }

  /** Completed runs of a pack, oldest first, with their pass counts. */
  runOutcomes(pack: string): RunOutcome[] {
    return this.guard(() => selectRunOutcomes(this.db, pack));
  }

  /** Saves a person's label on a judged item (the one thing the viewer writes); returns its key. */
  saveLabel(pack: string, label: Label): string {
    return this.guard(() => upsertLabel(this.db, pack, label));
  }

  /** The labels people gave on a pack's judged items, oldest first. */
  labels(pack: string): Label[] {
    return this.guard(() => selectLabels(this.db, pack));
  }

  /** Takes a label back; false when there was none under that key. */
  removeLabel(pack: string, key: string): boolean {
    return this.guard(() => deleteLabel(this.db, pack, key));
  }

  callCache(): CallCache {
    const cache = this.guard(() => sqliteCallCache(this.db));
    return {
      get: async (key) => this.guard(() => cache.get(key)),
      set: async (key, value, meta) => this.guard(() => cache.set(key, value, meta)),
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /**
   * Failures after opening (a page damaged deep in the file, a full disk, a row that no longer parses)
   * as one clear line instead of a stack trace.
   */
  private guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      const broken = error instanceof Database.SqliteError || error instanceof ZodError || error instanceof SyntaxError;
      if (!broken) throw error;
      const code = error instanceof Database.SqliteError ? ` (${error.code})` : '';
      throw new StoreError(
        `the store ${this.path} failed: ${error.message.split('\n')[0]}${code}`,
        `Move ${this.path} aside to start a new history, or pass --store PATH to use another file`,
      );
    }
  }
}
