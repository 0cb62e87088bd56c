import { describe, expect, it } from 'vitest';
import { EvalStore } from '../src/index.ts';
import { caseResult, runMeta, tempStorePath } from './support.ts';

const first = { pid: 101, host: 'build-1' };
const second = { pid: 202, host: 'build-2' };

describe('the process that owns a run', () => {
  it('keeps a run whose owner is live, and hands over one whose owner is gone', () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta(), first);
    const live = store.claimRun(run.id, second, () => true);
    expect(live).toMatchObject(first);
    expect(store.claimRun(run.id, second, (owner) => owner.pid !== first.pid)).toBeUndefined();
    // The first process lost the run: its late "interrupted" must not touch the run the second finishes.
    store.setOwnedRunStatus(run.id, second, 'completed', '2025-01-01T11:00:00.000Z');
    store.setOwnedRunStatus(run.id, first, 'interrupted');
    expect(store.run(run.id)).toMatchObject({ status: 'completed', finishedAt: '2025-01-01T11:00:00.000Z' });
    store.close();
  });

  it('lets a run be claimed again by its own owner, and any interrupted run by anyone', () => {
    const store = EvalStore.open(tempStorePath());
    const run = store.beginRun(runMeta(), first);
    expect(store.claimRun(run.id, first, () => true)).toBeUndefined();
    store.setOwnedRunStatus(run.id, first, 'interrupted');
    expect(store.claimRun(run.id, second, () => true)).toBeUndefined();
    expect(store.run(run.id)?.status).toBe('running');
    store.close();
  });

  it('removes a run that saved nothing, for its owner only, and gives its number to the next run', () => {
    const store = EvalStore.open(tempStorePath());
    const kept = store.beginRun(runMeta(), first);
    store.saveCaseResult(kept.id, caseResult('a'));
    const empty = store.beginRun(runMeta(), first);
    expect(store.discardUnstartedRun(empty.id, second)).toBe(false);
    expect(store.discardUnstartedRun(kept.id, first)).toBe(false);
    expect(store.discardUnstartedRun(empty.id, first)).toBe(true);
    expect([store.run(empty.id), store.run(kept.id)?.id]).toEqual([undefined, kept.id]);
    expect(store.beginRun(runMeta(), first).id).toBe(empty.id);
    store.close();
  });
});
