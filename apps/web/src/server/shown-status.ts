import { describeOwner, type EvalStore, ownerAlive, type RunRecord } from '@evalpacks/store';
import type { ShownRun } from '../views/run-status.ts';

/**
 * A run stays 'running' in the store when its process was killed outright (SIGKILL, a crashed machine):
 * the viewer asks the store's liveness rule, the one --resume uses, and shows such a run interrupted.
 * A run recorded without an owner (an older store) keeps its stored status: nothing tells otherwise.
 */
export function shownStatus<T extends RunRecord>(store: EvalStore, run: T, now = Date.now()): ShownRun<T> {
  if (run.status !== 'running') return run;
  const owner = store.runOwner(run.id);
  if (!owner || ownerAlive(owner, now)) return run;
  return { ...run, status: 'interrupted', processGone: describeOwner(owner, now) };
}
