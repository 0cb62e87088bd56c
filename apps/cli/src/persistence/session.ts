import type { CaseResult } from '@evalpacks/core';
import type { RunGrade } from '@evalpacks/core/grade';
import {
  type CostOf,
  describeOwner,
  type EvalStore,
  HEARTBEAT_MS,
  ownerAlive,
  type RunMeta,
  type RunRecord,
  thisProcess,
} from '@evalpacks/store';
import { UsageError } from '../usage-error.ts';
import { onInterrupt, stopCause } from './interrupts.ts';
import { configDifferences } from './run-config.ts';

/** A run being recorded: results are saved the moment they exist, an interruption marks it resumable. */
export interface Session {
  run: RunRecord;
  /** How many results an interrupted attempt saved. */
  savedBefore: number;
  /**
   * The results an interrupted attempt saved (the runner skips their case and epoch), read from the store
   * one at a time as the caller goes on, so nothing holds them all (the runner keeps records).
   */
  completed(): Iterable<CaseResult>;
  save(result: CaseResult): void;
  /** The run is done: completed with its grade, which the store keeps with it (one write). */
  finish(result: { finishedAt: string }, grade: RunGrade): void;
  /** The run stopped on an error: keep what was saved, resumable. */
  abandon(): void;
  /**
   * The run stopped on an error. A new run that saved nothing never started (its backends are checked at the
   * first call the cache cannot answer, after the run is recorded): it is removed, so no history, viewer or
   * --resume finds it, and true is returned. Any other is kept, resumable, as abandon() keeps it.
   */
  fail(): boolean;
}

/** The run --resume names (or the newest unfinished one), if it can be resumed at all. */
export function findRunToResume(store: EvalStore, resume: true | number, domain?: string): RunRecord {
  const run = resume === true ? store.latestUnfinishedRun(domain) : store.run(resume);
  if (!run) {
    throw new UsageError(
      resume === true
        ? `no unfinished run${domain ? ` of ${domain}` : ''} to resume in ${store.path}`
        : `no run ${resume} in ${store.path} (see pnpm history)`,
    );
  }
  if (run.kind !== 'eval') throw new UsageError(`run ${run.id} is a re-judge; re-judge its source run again instead`);
  if (run.status === 'completed') throw new UsageError(`run ${run.id} is complete; there is nothing to resume`);
  if (domain && run.pack !== domain) throw new UsageError(`run ${run.id} is of ${run.pack}, not ${domain}`);
  return run;
}

export interface SessionOptions {
  store: EvalStore;
  /** The run to record; its git commit and start time are filled in here. */
  meta: Omit<RunMeta, 'gitCommit' | 'startedAt'>;
  /** The stored run to complete, from findRunToResume. */
  resume?: RunRecord;
  /** How many results the whole run has (cases x epochs), for the interruption message. */
  total: number;
  /** The workspace's commit, recorded with a new run (see workspaceCommit). */
  gitCommit?: string;
  costOf?: CostOf;
}

export function startSession({ store, meta, resume, total, costOf, gitCommit }: SessionOptions): Session {
  let run: RunRecord;
  let savedBefore = 0;
  const owner = thisProcess();
  if (resume) {
    const differences = configDifferences(resume, meta);
    if (differences.length > 0) {
      throw new UsageError(`cannot resume run ${resume.id}, its configuration differs: ${differences.join('; ')}`);
    }
    const holder = store.claimRun(resume.id, owner, (current) => ownerAlive(current));
    if (holder) {
      throw new UsageError(
        `run ${resume.id} is still running (${describeOwner(holder)}); let it finish, or stop that process and resume again`,
      );
    }
    run = resume;
    savedBefore = store.resultCount(run.id);
  } else {
    run = store.beginRun({ ...meta, gitCommit, startedAt: new Date().toISOString() }, owner);
  }
  const heartbeat = setInterval(() => store.heartbeat(run.id, owner), HEARTBEAT_MS);
  heartbeat.unref();
  // A process that lost the run to a --resume (its heartbeat went stale) must not change its status.
  const setStatus = (status: 'interrupted', finishedAt?: string) => {
    clearInterval(heartbeat);
    store.setOwnedRunStatus(run.id, owner, status, finishedAt);
  };
  let saved = savedBefore;
  const stopListening = onInterrupt((signal) => {
    setStatus('interrupted');
    store.close();
    return (
      `evalpacks: ${stopCause(signal)}: run ${run.id} stopped with ${saved} of ${total} results saved; ` +
      `finish it with: pnpm eval --resume ${run.id}`
    );
  });
  const abandon = () => {
    stopListening();
    setStatus('interrupted');
  };
  return {
    run,
    savedBefore,
    completed: () => (resume ? store.eachCaseResult(run.id) : []),
    save(result) {
      store.saveCaseResult(run.id, result, costOf);
      saved += 1;
    },
    finish(result, grade) {
      stopListening();
      clearInterval(heartbeat);
      store.completeRun(run.id, result.finishedAt, grade, owner);
    },
    abandon,
    fail() {
      if (resume || saved > 0) {
        abandon();
        return false;
      }
      stopListening();
      clearInterval(heartbeat);
      if (store.discardUnstartedRun(run.id, owner)) return true;
      setStatus('interrupted');
      return false;
    },
  };
}
