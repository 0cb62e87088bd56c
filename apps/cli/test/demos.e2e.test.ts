import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, run, TSX } from './run-cli.ts';

const CLI = join(ROOT, 'apps', 'cli');
const { scripts } = JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** What a demo needs to run at all (the rest run bare); a new demo that needs more fails below until listed. */
const DEMO_ARGS: Record<string, string[]> = { 'demo:tools': ['tool-basics'] };

/** The benches that start the CLI, each at its smallest size. */
const CLI_BENCHES: Record<string, string[]> = {
  'bench:startup': ['--runs', '1'],
  'bench:cache': ['2', '0', '2'],
  'bench:fail-fast': ['1'],
};

/**
 * The benches left out, and why. Those on the built CLI build it first (turbo), which would empty dist/
 * under the test files running it meanwhile; they all start it through timeBuiltCli, which always gives it
 * a store of its own. The in-process ones run the runner in-process: no CLI, no store. bench:stored-reports
 * times the file reports of a run in a store that bench:tail made (minutes at its smallest useful size).
 */
const NOT_RUN_HERE = {
  'built CLI': ['bench:figures', 'bench:tail', 'bench:memory-stored', 'bench:merge-huge'],
  'in-process': ['bench', 'bench:adaptive', 'bench:hosts', 'bench:switches'],
  "reads bench:tail's store": ['bench:stored-reports'],
};

/** A script's command line, as tsx from the workspace runs it. */
function commandOf(name: string): string[] {
  const [tool, ...args] = (scripts[name] ?? '').split(' ');
  expect(tool).toBe('tsx');
  return args;
}

const demos = Object.keys(scripts).filter((name) => /^demo(:|$)/.test(name));
const runs = [
  ...demos.map((name) => [name, [...commandOf(name), ...(DEMO_ARGS[name] ?? [])]] as const),
  ...Object.entries(CLI_BENCHES).map(([name, args]) => [name, [...commandOf(name), ...args]] as const),
];

describe('demos and benches', () => {
  it('are each run below or left out for a stated reason', () => {
    const benches = Object.keys(scripts).filter((name) => /^bench(:|$)/.test(name));
    expect(demos).toContain('demo');
    expect(benches.sort()).toEqual([...Object.keys(CLI_BENCHES), ...Object.values(NOT_RUN_HERE).flat()].sort());
  });

  // Their models are scripted stand-ins under real model names: their answers must never reach a store a
  // real run reads (its call cache would replay them, its history list them). The user's store here is the
  // one EVALPACKS_STORE names, as a default would be: it must stay untouched.
  it.each(runs)('%s keeps its runs in a store of its own', { timeout: 180_000 }, async (name, args) => {
    const userStore = join(mkdtempSync(join(tmpdir(), 'evalpacks-user-')), 'evalpacks.db');
    const result = await run(TSX, [...args], { cwd: CLI, env: { EVALPACKS_STORE: userStore } });
    expect(result.stderr).not.toMatch(/usage|unexpected error/);
    expect(existsSync(userStore)).toBe(false);
    // Every demo but calibrate's runs an eval (or a compare) whose `run` line says where it is kept.
    const stores = [...result.stdout.matchAll(/^run {4}\d+ · (.+)$/gm)].map((match) => match[1] ?? '');
    if (name.startsWith('demo') && name !== 'demo:calibrate') expect(stores.length).toBeGreaterThan(0);
    for (const store of stores) expect(store.startsWith(tmpdir())).toBe(true);
  });
});
