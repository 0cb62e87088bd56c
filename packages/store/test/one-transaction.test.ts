import { describe, expect, it } from 'vitest';
import { EvalStore } from '../src/index.ts';
import { caseResult, runMeta, tempStorePath } from './support.ts';

const owner = { pid: 101, host: 'build-1' };

/** Records a run of two results, yielding to the event loop between them as a long write does. */
async function recordTwo(store: EvalStore): Promise<number> {
  const run = store.beginRun(runMeta(), owner);
  store.saveCaseResult(run.id, caseResult('a'));
  await new Promise((resolve) => setImmediate(resolve));
  store.saveCaseResult(run.id, caseResult('b'));
  store.setRunStatus(run.id, 'completed', '2025-01-01T11:00:00.000Z');
  return run.id;
}

describe('a write in one transaction', () => {
  it('is seen by no other connection until it lands, and then whole', async () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    const reader = EvalStore.openReadOnly(path);
    const id = await store.inOneTransaction(async () => {
      const id = await recordTwo(store);
      expect(reader.run(id)).toBeUndefined();
      return id;
    });
    expect(reader.run(id)).toMatchObject({ status: 'completed' });
    expect(reader.resultCount(id)).toBe(2);
    reader.close();
    store.close();
  });

  it('leaves nothing when the work throws, or when it is rolled back from outside (a signal)', async () => {
    const path = tempStorePath();
    const store = EvalStore.open(path);
    await expect(
      store.inOneTransaction(async () => {
        await recordTwo(store);
        throw new Error('the second shard was cut off');
      }),
    ).rejects.toThrow('the second shard was cut off');
    expect(store.latestCompletedRun()).toBeUndefined();

    const pending = store.inOneTransaction(async () => {
      await recordTwo(store);
      // What a signal handler does mid-write: drop the transaction and close the store.
      store.rollback();
      store.close();
    });
    await expect(pending).rejects.toThrow();
    const after = EvalStore.open(path);
    expect(after.runPage({ limit: 10, offset: 0 }).runs).toEqual([]);
    expect(after.latestUnfinishedRun()).toBeUndefined();
    after.close();
  });
});
