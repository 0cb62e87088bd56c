import type { Case, CaseResult, Label, Transcript } from '@evalpacks/core';
import type { GradeSummary, RunGrade } from '@evalpacks/core/grade';
import type { CallCache } from '@evalpacks/core/runner';
import Database from 'better-sqlite3';
import { ZodError } from 'zod';
import {
  type CaseListing,
  type CasePage,
  type CaseQuery,
  selectCaseCosts,
  selectCasePage,
  selectCasesSavedAfter,
} from './case-listing.ts';
import { type CostOf, insertCaseResult } from './case-results.ts';
import { StoreError, storeFix } from './errors.ts';
import { gradeNow } from './graded-now.ts';
import {
  type JudgeDisagreement,
  type JudgedItem,
  type KeyMaterial,
  selectJudgeDisagreements,
  selectJudgedItems,
  selectKeyMaterial,
  selectKinVersion,
  selectLabelsVersion,
} from './judged-items.ts';
import { deleteLabel, type LabelRef, selectLabelRefs, selectLabels, upsertLabel } from './labels.ts';
import { openDatabase, openDatabaseReadOnly } from './open-database.ts';
import {
  countRanked,
  countRankSegment,
  type RankedItem,
  type RankSegment,
  selectAllKeyed,
  selectRankedByLabelKeys,
  selectRankedItems,
  selectRankedItemsOfCases,
  selectRankSegment,
} from './queue-ranks.ts';
import {
  countResults,
  type SavedOutcome,
  type SavedUsage,
  selectCaseOutcomes,
  selectCaseResults,
  selectResultKeys,
  selectRunCases,
  selectSavedOrder,
  selectSavedResult,
  selectSavedUsage,
  selectTranscript,
} from './read-results.ts';
import { selectCaseResultTexts } from './result-texts.ts';
import { type GradeTallies, insertGrade, selectGrade, selectGradeSummary, selectGradeTallies } from './run-grades.ts';
import { type RunFacets, type RunFilter, type RunPage, selectRunFacets, selectRunPage } from './run-listing.ts';
import {
  beat,
  claimRun,
  deleteUnstartedRun,
  type OwnerRecord,
  type RunOwner,
  selectRunOwner,
  setRunOwner,
  updateOwnedStatus,
} from './run-owner.ts';
import {
  insertRun,
  type RunMeta,
  type RunOutcome,
  type RunRecord,
  type RunStatus,
  selectLatestCompleted,
  selectLatestUnfinished,
  selectRun,
  selectRunOutcomes,
  updateRunStatus,
} from './runs.ts';
import { sqliteCallCache } from './sqlite-call-cache.ts';

/**
 * Run history and the call cache in one SQLite file. Every write is its own transaction and lands
 * before the call returns, so whatever completed survives a killed process; a merge writes its whole run
 * in one (inOneTransaction), so a killed merge leaves nothing.
 */
export class EvalStore {
  /** Counts of completed runs with no stored grade, graded now (see runOutcomes). */
  private readonly gradedNowCounts = new Map<number, { passed: number; total: number; policy: string }>();

  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {}

  /** Opens or creates the store; a damaged, foreign or newer file is a StoreError and stays as it was. */
  static open(path: string): EvalStore {
    return new EvalStore(path, openDatabase(path));
  }

  /** Opens an existing store for reading only: nothing is created, migrated or written. */
  static openReadOnly(path: string): EvalStore {
    return new EvalStore(path, openDatabaseReadOnly(path));
  }

  /** Records a new run, owned by `owner` when given (see claimRun). */
  beginRun(meta: RunMeta, owner?: RunOwner): RunRecord {
    const id = this.guard(() => insertRun(this.db, meta));
    if (owner) this.guard(() => setRunOwner(this.db, id, owner, new Date().toISOString()));
    return this.run(id) as RunRecord;
  }

  /**
   * Makes `owner` the run's owner unless a live process still owns it; returns that process when it does.
   * `isLive` decides from the recorded pid, host and heartbeat.
   */
  claimRun(id: number, owner: RunOwner, isLive: (current: OwnerRecord) => boolean): OwnerRecord | undefined {
    return this.guard(() => claimRun(this.db, id, owner, new Date().toISOString(), isLive));
  }

  /**
   * Removes a run that saved no result while `owner` still owns it (it never started: nothing to list or
   * resume), and frees its number; returns whether it did.
   */
  discardUnstartedRun(id: number, owner: RunOwner): boolean {
    return this.guard(() => deleteUnstartedRun(this.db, id, owner));
  }

  /** Who records the run and when it last said so (see ownerAlive); undefined for runs of older stores. */
  runOwner(id: number): OwnerRecord | undefined {
    return this.guard(() => selectRunOwner(this.db, id));
  }

  /** The owner is still at work on the run. */
  heartbeat(id: number, owner: RunOwner): void {
    this.guard(() => beat(this.db, id, owner, new Date().toISOString()));
  }

  /** A status change that applies only while `owner` still owns the run (another may have taken it over). */
  setOwnedRunStatus(id: number, owner: RunOwner, status: RunStatus, finishedAt?: string): void {
    this.guard(() => updateOwnedStatus(this.db, id, owner, status, finishedAt ?? null));
  }

  run(id: number): RunRecord | undefined {
    return this.guard(() => selectRun(this.db, id));
  }

  /** The newest eval run that did not complete, of this pack or of any. */
  latestUnfinishedRun(pack?: string): RunRecord | undefined {
    return this.guard(() => selectLatestUnfinished(this.db, pack));
  }

  /** The newest completed eval run, of any pack. */
  latestCompletedRun(): RunRecord | undefined {
    return this.guard(() => selectLatestCompleted(this.db));
  }

  setRunStatus(id: number, status: RunStatus, finishedAt?: string): void {
    this.guard(() => updateRunStatus(this.db, id, status, finishedAt));
  }

  /**
   * Marks a run completed and keeps its grade with it, in one transaction: a completed run recorded by this
   * evalpacks always has its grade. With `owner`, only while the run is still that process's own (see
   * setOwnedRunStatus); returns false when it was not, and nothing changed.
   */
  completeRun(id: number, finishedAt: string, grade: RunGrade, owner?: RunOwner): boolean {
    return this.guard(() =>
      this.db.transaction(() => {
        if (owner) {
          if (!updateOwnedStatus(this.db, id, owner, 'completed', finishedAt)) return false;
        } else updateRunStatus(this.db, id, 'completed', finishedAt);
        insertGrade(this.db, id, grade, new Date().toISOString());
        return true;
      })(),
    );
  }

  /** The grade a run finished with, its case tallies included; undefined when it has none stored. */
  runGrade(id: number): RunGrade | undefined {
    return this.guard(() => selectGrade(this.db, id));
  }

  /** The case tallies of the grade a run finished with and their policy, without the summary: what a comparison reads. */
  gradeTallies(id: number): GradeTallies | undefined {
    return this.guard(() => selectGradeTallies(this.db, id));
  }

  /** The grade a run finished with, without its case tallies: what a summary or a gate reads. */
  gradeSummary(id: number): GradeSummary | undefined {
    return this.guard(() => selectGradeSummary(this.db, id));
  }

  saveCaseResult(runId: number, result: CaseResult, costOf?: CostOf): void {
    this.guard(() => insertCaseResult(this.db, runId, result, costOf));
  }

  /**
   * Every result of a run in the order they were saved, or of one case of it (all its epochs). A whole
   * run of 30,000 results is hundreds of MB: what reads every result should use eachCaseResult.
   */
  caseResults(runId: number, caseId?: string): CaseResult[] {
    if (caseId !== undefined) return this.guard(() => selectCaseResults(this.db, runId, caseId));
    return [...this.eachCaseResult(runId)];
  }

  /**
   * Every result of a run in the order they were saved, each read from the store as the caller reaches
   * it, so only one is held at once. The store may be written meanwhile; results saved (or saved again)
   * after the call are not yielded.
   */
  *eachCaseResult(runId: number): Generator<CaseResult> {
    const order = this.guard(() => selectSavedOrder(this.db, runId));
    for (const saved of order) {
      const result = this.guard(() => selectSavedResult(this.db, saved));
      if (result) yield result;
    }
  }

  /** The results of one case of a run (all its epochs) without their answers and tokens, as saved in order. */
  caseOutcomes(runId: number, caseId: string): SavedOutcome[] {
    return this.guard(() => selectCaseOutcomes(this.db, runId, caseId));
  }

  /**
   * The text in results.json of each saved epoch of one case of a run (UTF-8, see selectCaseResultTexts), by
   * epoch; a result saved by an evalpacks before the store kept them has none.
   */
  caseResultTexts(runId: number, caseId: string): Map<number, Buffer> {
    return this.guard(() => selectCaseResultTexts(this.db, runId, caseId));
  }

  /** How many results a run has saved. */
  resultCount(runId: number): number {
    return this.guard(() => countResults(this.db, runId));
  }

  /** The tokens a run's saved results used, per role, summed in the store (no result read). */
  savedUsage(runId: number): SavedUsage {
    return this.guard(() => selectSavedUsage(this.db, runId));
  }

  /** The case and epoch of each result a run saved, in the order they were saved (no result read). */
  resultKeys(runId: number): { caseId: string; epoch: number }[] {
    return this.guard(() => selectResultKeys(this.db, runId));
  }

  /** Every verdict the judge gave in a run (status ok), without its answer: what a label queue orders. */
  judgedItems(runId: number): JudgedItem[] {
    return this.guard(() => selectJudgedItems(this.db, runId));
  }

  /** The run's verdicts that a re-judge of the same answers (or the run it re-judged) decided the other way. */
  judgeDisagreements(runId: number): JudgeDisagreement[] {
    return this.guard(() => selectJudgeDisagreements(this.db, runId));
  }

  /** The answer a run saved for one case and epoch (a re-judge reads each as its case runs). */
  transcript(runId: number, caseId: string, epoch: number): Transcript | undefined {
    return this.guard(() => selectTranscript(this.db, runId, caseId, epoch));
  }

  /** The cases a run saved results of, in the order of their first result. */
  runCases(runId: number): Case[] {
    return this.guard(() => selectRunCases(this.db, runId));
  }

  /** One page of runs, newest first, with their results counted. */
  runPage(filter: RunFilter): RunPage {
    return this.guard(() => selectRunPage(this.db, filter));
  }

  runFacets(): RunFacets {
    return this.guard(() => selectRunFacets(this.db));
  }

  /** One page of a run's cases (statuses only, no transcripts). */
  casePage(runId: number, query: CaseQuery): CasePage {
    return this.guard(() => selectCasePage(this.db, runId, query));
  }

  /** Cases of a run with an epoch saved after `after`: what a live view has not shown yet. */
  casesSavedAfter(runId: number, after: number): CaseListing[] {
    return this.guard(() => selectCasesSavedAfter(this.db, runId, after));
  }

  /** What each epoch of a case cost, where prices are known. */
  caseCosts(runId: number, caseId: string): Map<number, number> {
    return this.guard(() => selectCaseCosts(this.db, runId, caseId));
  }

  /**
   * Completed runs of a pack, oldest first, with their cases passed as their stored grade counts them. A run
   * an older evalpacks recorded has none: it is graded now (reading its results; nothing is saved) and says
   * so in `gradedNow`.
   */
  runOutcomes(pack: string): RunOutcome[] {
    return this.guard(() => selectRunOutcomes(this.db, pack)).map(({ grade, ...run }) => {
      if (grade) return { ...run, ...grade };
      // A completed run never changes: its counts are worked out once per open store.
      let counts = this.gradedNowCounts.get(run.id);
      if (!counts) {
        const now = gradeNow(this, run).grade;
        counts = { passed: now.caseCounts.passed, total: now.caseCounts.total, policy: now.policy };
        this.gradedNowCounts.set(run.id, counts);
      }
      return { ...run, ...counts, gradedNow: counts.policy };
    });
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
  /** A pack's labels as a label queue needs them: key, item and answer (see LabelRef). */
  labelRefs(pack: string): LabelRef[] {
    return this.guard(() => selectLabelRefs(this.db, pack));
  }

  /** Changes whenever a label of the pack is given, replaced or removed (a cheap check before reading them). */
  labelsVersion(pack: string): string {
    return this.guard(() => selectLabelsVersion(this.db, pack));
  }

  /** The runs that judged this run's answers too (re-judges, the run re-judged), with their statuses. */
  kinVersion(runId: number): string {
    return this.guard(() => selectKinVersion(this.db, runId));
  }

  /**
   * What a label on one case of a run is keyed by, per epoch: the case input, answer and tool calls; only
   * of the epochs whose answer is one of `answers` (those labels are on).
   */
  keyMaterial(runId: number, caseId: string, answers: readonly string[]): KeyMaterial[] {
    return this.guard(() => selectKeyMaterial(this.db, runId, caseId, answers));
  }

  /** How many verdicts of a completed run a segment of its label queue holds (see RankSegment). */
  rankSegmentCount(runId: number, segment: RankSegment): number {
    return this.guard(() => countRankSegment(this.db, runId, segment));
  }

  /** How many verdicts of a completed run have their place in its label queue (its ok verdicts). */
  rankedCount(runId: number): number {
    return this.guard(() => countRanked(this.db, runId));
  }

  /** The places of up to `limit` verdicts of a completed run's queue segment, from `offset` on. */
  rankSegment(runId: number, segment: RankSegment, offset: number, limit: number): number[] {
    return this.guard(() => selectRankSegment(this.db, runId, segment, offset, limit));
  }

  /** The verdicts of a completed run at these places, in their order. */
  rankedItems(runId: number, ranks: readonly number[]): RankedItem[] {
    return this.guard(() => selectRankedItems(this.db, runId, ranks));
  }

  /** The verdicts of a completed run a label with one of these keys is on (by the keys they were saved with). */
  rankedItemsLabelled(runId: number, keys: readonly string[]): RankedItem[] {
    return this.guard(() => selectRankedByLabelKeys(this.db, runId, keys));
  }

  /** Whether every verdict of a completed run was saved with its label key (not so before migration 13). */
  labelKeysSaved(runId: number): boolean {
    return this.guard(() => selectAllKeyed(this.db, runId));
  }

  /** The verdicts of these cases of a completed run, with their places, by case (a case without any: none). */
  rankedItemsOfCases(runId: number, caseIds: readonly string[]): Map<string, RankedItem[]> {
    return this.guard(() => selectRankedItemsOfCases(this.db, runId, caseIds));
  }

  removeLabel(pack: string, key: string): boolean {
    return this.guard(() => deleteLabel(this.db, pack, key));
  }

  /**
   * Runs `work` as one transaction that may await between its writes (so a signal can be handled): what
   * it writes lands whole when it resolves, and not at all when it throws, when `rollback` is called (a
   * signal handler), or when the process dies. Other writers of the file wait for it (up to the busy
   * timeout); readers see the file as it was.
   */
  async inOneTransaction<T>(work: () => Promise<T>): Promise<T> {
    this.guard(() => this.db.exec('BEGIN IMMEDIATE'));
    try {
      const value = await work();
      this.guard(() => this.db.exec('COMMIT'));
      return value;
    } catch (error) {
      this.rollback();
      throw error;
    }
  }

  /** Drops every write of the transaction in flight (see inOneTransaction), if there is one. */
  rollback(): void {
    if (this.db.open && this.db.inTransaction) this.guard(() => this.db.exec('ROLLBACK'));
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
        storeFix(this.path, error),
      );
    }
  }
}
