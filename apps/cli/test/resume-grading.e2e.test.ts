import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { packCopy } from './calibrate-script.ts';
import { runCli, tempStore } from './run-cli.ts';

/** The run left as an interruption leaves it: its results saved, the run not complete. */
function markInterrupted(store: string): void {
  const db = new Database(store);
  try {
    db.prepare("UPDATE runs SET status = 'interrupted', finished_at = NULL WHERE id = 1").run();
  } finally {
    db.close();
  }
}

describe('--resume and what grades a run', () => {
  it('refuses a run whose judge prompt or pack checks changed since it started, naming which', async () => {
    const pack = packCopy();
    const store = tempStore();
    const first = await runCli(['eval', '--pack', pack, '--offline', '--store', store]);
    expect(first.stderr).toBe('');
    markInterrupted(store);

    // A judge.md added to the pack: the rest of the run would be judged by another prompt.
    writeFileSync(join(pack, 'judge.md'), '# Steps\n- Count a catch only when the review says why the fix works.\n');
    const tuned = await runCli(['eval', '--resume', '1', '--store', store]);
    expect(tuned.code).toBe(2);
    expect(tuned.stderr).toMatch(
      /^evalpacks: cannot resume run 1, its configuration differs: judge prompt: (risen-judge-v\d+) in the run, \1\+code-review\/judge\.md@[0-9a-f]{12} now\n$/,
    );
    rmSync(join(pack, 'judge.md'));

    // A check that now says something else about the same answer (the copy's entry picks the shipped pack's
    // checks: one of them renamed there).
    const checks = join(pack, 'src', 'index.ts');
    const original = readFileSync(checks, 'utf8');
    const renamed = original.replace(
      'checks: shipped.checks.filter((check) => FROZEN_CHECKS.has(check.id)),',
      "checks: shipped.checks.filter((check) => FROZEN_CHECKS.has(check.id)).map((check) => check.id === 'summary-table' ? { ...check, name: 'no summary table' } : check),",
    );
    expect(renamed).not.toBe(original);
    writeFileSync(checks, renamed);
    const edited = await runCli(['eval', '--resume', '1', '--store', store]);
    expect([edited.code, edited.stderr]).toEqual([
      2,
      "evalpacks: cannot resume run 1, its configuration differs: pack checks (the code of the pack's checks differs in the run and now)\n",
    ]);

    // As it was: the run resumes.
    writeFileSync(checks, original);
    const resumed = await runCli(['eval', '--resume', '1', '--store', store]);
    expect([resumed.code, resumed.stderr]).toEqual([first.code, '']);
  }, 240_000);
});
