import { closeSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

describe('case files too large to load', () => {
  it('ends a 100 MB .json case file with one line and exit 2, before parsing it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'evalpacks-big-')), 'cases.json');
    const record = JSON.stringify({ id: 'c', name: 'C', input: 'x'.repeat(100_000) });
    const fd = openSync(file, 'w');
    writeSync(fd, '[');
    for (let i = 0; i < 1000; i++) writeSync(fd, `${i ? ',' : ''}${record.replace('"c"', `"c-${i}"`)}`);
    writeSync(fd, ']');
    closeSync(fd);
    const result = await runCli(['eval', '--domain', 'code-review', '--test-case', file, '--structural-only']);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      2,
      '',
      `evalpacks: ${file}: 95.4 MB is more than a JSON case file may hold (32 MB); split it into several files\n`,
    ]);
  });
});
