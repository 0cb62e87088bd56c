import { hostname } from 'node:os';
import type { OwnerRecord, RunOwner } from './run-owner.ts';

/** How often a recording process says it is alive. */
export const HEARTBEAT_MS = 10_000;
/** A process on another host that has not said so for this long is taken to be gone. */
export const STALE_MS = 6 * HEARTBEAT_MS;

export const thisProcess = (): RunOwner => ({ pid: process.pid, host: hostname() });

/** Whether a process of this host is running: signal 0 checks without sending anything. */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/**
 * The one rule for "is the process recording this run still at it", shared by --resume and the viewer:
 * on this host the process table answers; for another host the heartbeat is all there is.
 */
export function ownerAlive(owner: OwnerRecord, now = Date.now()): boolean {
  if (owner.host === hostname()) return pidAlive(owner.pid);
  return now - Date.parse(owner.heartbeatAt) < STALE_MS;
}

/** "pid 4242 on build-7, last heartbeat 3 s ago" */
export function describeOwner(owner: OwnerRecord, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(owner.heartbeatAt)) / 1000));
  return `pid ${owner.pid} on ${owner.host}, last heartbeat ${seconds} s ago`;
}
