import { existsSync, mkdtempSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

/** Node 22.1+ has it; Node 20 does not. CI runs this file on both. */
const offered = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

describe("node's compile cache", () => {
  it(`is ${offered ? 'turned on by the CLI' : 'not asked for on a node without it, and the CLI starts as before'}`, async () => {
    // A temp folder of the CLI's own: node keeps the cache in node-compile-cache under it.
    const temp = mkdtempSync(join(tmpdir(), 'evalpacks-compile-cache-'));
    const result = await runCli(['--help'], { TMPDIR: temp, NODE_COMPILE_CACHE: undefined });
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toContain('Usage: evalpacks');
    expect(existsSync(join(temp, 'node-compile-cache'))).toBe(offered);
  });
});
