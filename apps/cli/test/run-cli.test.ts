import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endChildren, run } from './run-cli.ts';

/** Whether a process is still there (a zombie waiting to be reaped counts as gone), from /proc. */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Polls until `pid` is gone, or `ms` pass; whether it went. */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (!running(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !running(pid);
}

/** A shell that starts a long sleep of its own and prints its pid: a command with a child, as npm has. */
const SHELL_WITH_CHILD = ['-c', 'sleep 60 & echo $!; wait'];

describe('the commands a test starts', () => {
  it('end with all they started when their time is up, instead of holding the test for the whole sleep', async () => {
    const started = Date.now();
    const result = await run('sh', SHELL_WITH_CHILD, { timeoutMs: 300 });
    expect(result.code).toBeNull();
    expect(await goneWithin(Number(result.stdout.trim()), 2_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('end with all they started when the file ends them (a hook that timed out left them running)', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'evalpacks-children-')), 'pid');
    const pending = run('sh', ['-c', `sleep 60 & echo $! > ${pidFile}; wait`]);
    // Still running, as an `npm install` is when its hook times out: the sleep has said who it is.
    let pid = 0;
    for (const deadline = Date.now() + 20_000; !pid && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      pid = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : 0);
    }
    expect(running(pid)).toBe(true);
    endChildren();
    expect((await pending).code).toBeNull();
    expect(await goneWithin(pid, 2_000)).toBe(true);
  });
});
