import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const TSX = `${ROOT}node_modules/.bin/tsx`;
export const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
/** Tests run the sources: the workspace's packages resolve to their src/ under this condition, no build needed. */
export const SOURCE = '--conditions=@evalpacks/source';
/** The CLI as it ships: the esbuild bundle, run on plain node. */
export const BUILT_BIN = `${ROOT}apps/cli/dist/bin.js`;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Ends the command (its whole process group) after this long; it then resolves with code null. */
  timeoutMs?: number;
}

/**
 * Every child a test started that has not exited: `run` starts each in a process group of its own (npm
 * starts node-gyp, pnpm starts turbo), so ending the group ends what it started too.
 */
const live = new Map<ChildProcess, 'group' | 'process'>();

function end(child: ChildProcess, how: 'group' | 'process'): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(how === 'group' ? -child.pid : child.pid, 'SIGKILL');
  } catch {
    // Gone between the check and the kill.
  }
}

/**
 * Ends every child still running: a hook or test that timed out leaves its command (an `npm install`,
 * a build) behind otherwise. The setup file calls it after each test file; it also runs as this process
 * exits.
 */
export function endChildren(): void {
  for (const [child, how] of live) end(child, how);
  live.clear();
}
process.once('exit', endChildren);

function track(child: ChildProcess, how: 'group' | 'process'): void {
  live.set(child, how);
  child.once('close', () => live.delete(child));
}

/** A store of its own for one test, so no test sees another's history or cached answers. */
export function tempStore(): string {
  return join(mkdtempSync(join(tmpdir(), 'evalpacks-cli-')), 'evalpacks.db');
}

/** The test's environment without an inherited Ollama host or store, with no colour, plus `env`. */
function childEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const { OLLAMA_HOST: _host, EVALPACKS_STORE: _store, ...inherited } = process.env;
  return { ...inherited, NO_COLOR: '1', ...env };
}

function collect(child: ChildProcess): Promise<CliResult & { signal: NodeJS.Signals | null }> {
  const started = performance.now();
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: performance.now() - started }));
  });
}

/**
 * Runs a command as a subprocess with no colour and no inherited Ollama host, collecting its output. It
 * leads a process group of its own, which `timeoutMs` and endChildren end whole.
 */
export async function run(command: string, args: string[], options: RunOptions = {}): Promise<CliResult> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: childEnv(options.env),
    stdio: 'pipe',
    detached: true,
  });
  track(child, 'group');
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => end(child, 'group'), options.timeoutMs);
  try {
    return await collect(child);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the real CLI as a subprocess, as a user would, with a fresh store unless the test gives one. */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return run(TSX, [SOURCE, BIN, ...args], { env: { EVALPACKS_STORE: tempStore(), ...env } });
}

/** `runCli` for the built CLI (build it first: `buildCli`), with any node flags before the script. */
export function runBuiltCli(
  args: string[],
  env: Record<string, string | undefined> = {},
  nodeFlags: string[] = [],
): Promise<CliResult> {
  return run(process.execPath, [...nodeFlags, BUILT_BIN, ...args], { env: { EVALPACKS_STORE: tempStore(), ...env } });
}

/**
 * Starts the CLI as one node process (no tsx wrapper in between), so a signal sent to `child` reaches
 * the CLI itself: what a test of SIGKILL and SIGINT needs.
 */
export function spawnCli(args: string[], env: Record<string, string | undefined> = {}) {
  const child = spawn(process.execPath, [SOURCE, '--import', 'tsx', BIN, ...args], {
    cwd: ROOT,
    env: childEnv({ EVALPACKS_STORE: tempStore(), ...env }),
    stdio: 'pipe',
  });
  track(child, 'process');
  return { child, done: collect(child) };
}

/** The lines from `Summary` to the end: the part of the output that does not depend on timing. */
export function summaryOf(stdout: string): string {
  const at = stdout.indexOf('Summary\n');
  return at < 0 ? '' : stdout.slice(at).trimEnd();
}
