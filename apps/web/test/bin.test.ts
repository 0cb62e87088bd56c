import { existsSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempStore } from './support/build-store.ts';
import { type Finished, finished } from './support/run-cli.ts';
import { spawnViewer } from './support/viewer-process.ts';

/** The viewer's entry with some flags, when it is expected to stop at once. */
function startAndStop(args: string[]): Promise<Finished> {
  return finished(spawnViewer(args));
}

describe('pnpm ui: what it refuses, in one line and exit 2', () => {
  it('refuses a port it cannot bind and an unknown flag', async () => {
    const port = await startAndStop(['--port', '70000']);
    expect([port.code, port.stdout, port.stderr]).toEqual([
      2,
      '',
      'error: --port must be between 0 and 65535\nusage: pnpm ui [--store PATH] [--port N] [--open]\n',
    ]);
    const unknown = await startAndStop(['--stor', 'x.db']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe("error: Unknown option '--stor'");
  });

  it('refuses a store that does not exist or is not a store, and creates nothing', async () => {
    const missing = tempStore();
    const absent = await startAndStop(['--store', missing]);
    expect([absent.code, absent.stderr]).toEqual([
      2,
      `error: no store at ${missing}\n  Run pnpm eval first, or pass --store PATH to name another file\n`,
    ]);
    expect(existsSync(missing)).toBe(false);
    const foreign = tempStore();
    writeFileSync(foreign, 'plain text, not a database');
    const wrong = await startAndStop(['--store', foreign]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.split('\n')[0]).toBe(
      `error: the store ${foreign} is not an SQLite database (corrupt or some other file); left untouched`,
    );
  });
});
