import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ROOT } from './run-cli.ts';

/**
 * Held by the one test process that builds. Test files run in parallel, and scripts/bundle.mjs empties
 * dist/ before it writes it: a second build starting while another file already runs the built CLI would
 * pull its chunks from under it. Once one build is done, the next is a turbo cache hit, which leaves
 * dist/ untouched.
 */
const LOCK = `${ROOT}node_modules/.cache/evalpacks-build-cli.lock`;
const GIVE_UP_MS = 600_000;
const nap = new Int32Array(new SharedArrayBuffer(4));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in the lock file; undefined while its holder has yet to write it, or once it is gone. */
function holder(): number | undefined {
  try {
    const pid = Number(readFileSync(LOCK, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function acquire(): void {
  mkdirSync(dirname(LOCK), { recursive: true });
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    try {
      const fd = openSync(LOCK, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A test process killed mid-build leaves its lock behind.
    const pid = holder();
    if (pid !== undefined && !isAlive(pid)) rmSync(LOCK, { force: true });
    else if (Date.now() > deadline) throw new Error(`${LOCK} still held by pid ${pid} after ${GIVE_UP_MS} ms`);
    else Atomics.wait(nap, 0, 0, 100);
  }
}

/** Builds the CLI and what it depends on (turbo, cached): a test of the shipped CLI calls it before any run. */
export function buildCli(): void {
  acquire();
  try {
    execFileSync(`${ROOT}node_modules/.bin/turbo`, ['run', 'build', '--filter=@evalpacks/cli...'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  } finally {
    rmSync(LOCK, { force: true });
  }
}
