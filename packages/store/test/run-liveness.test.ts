import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { describeOwner, EvalStore, ownerAlive, STALE_MS, thisProcess } from '../src/index.ts';
import { runMeta, tempStorePath } from './support.ts';

/** The pid of a process that has exited (and been reaped), so nothing answers to it now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined || child.status !== 0) throw new Error('could not start a short-lived node');
  return child.pid;
}

const now = Date.parse('2025-01-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('whether the process recording a run is still alive', () => {
  it('on this host asks the process table, whatever the heartbeat says', () => {
    const fresh = ago(0);
    expect(ownerAlive({ pid: deadPid(), host: hostname(), heartbeatAt: fresh }, now)).toBe(false);
    expect(ownerAlive({ ...thisProcess(), heartbeatAt: ago(10 * STALE_MS) }, now)).toBe(true);
  });

  it('for another host goes by the age of the heartbeat', () => {
    const elsewhere = { pid: process.pid, host: `not-${hostname()}` };
    expect(ownerAlive({ ...elsewhere, heartbeatAt: ago(STALE_MS + 1000) }, now)).toBe(false);
    expect(ownerAlive({ ...elsewhere, heartbeatAt: ago(STALE_MS - 1000) }, now)).toBe(true);
  });

  it('reads the owner the store recorded for a run, and none for a run recorded without one', () => {
    const store = EvalStore.open(tempStorePath());
    const owned = store.beginRun(runMeta(), { pid: 4242, host: 'build-7' });
    const before = Date.now();
    const record = store.runOwner(owned.id);
    expect(record).toMatchObject({ pid: 4242, host: 'build-7' });
    expect(Date.parse(record?.heartbeatAt ?? '')).toBeLessThanOrEqual(before);
    expect(describeOwner({ pid: 4242, host: 'build-7', heartbeatAt: ago(3000) }, now)).toBe(
      'pid 4242 on build-7, last heartbeat 3 s ago',
    );
    expect(store.runOwner(store.beginRun(runMeta()).id)).toBeUndefined();
    expect(store.runOwner(99)).toBeUndefined();
    store.close();
  });
});
