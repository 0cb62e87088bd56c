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

/** Runs a command as a subprocess with no colour and no inherited Ollama host, collecting its output. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<CliResult> {
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: childEnv(options.env), stdio: 'pipe' });
  return collect(child);
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
  return { child, done: collect(child) };
}

/** The lines from `Summary` to the end: the part of the output that does not depend on timing. */
export function summaryOf(stdout: string): string {
  const at = stdout.indexOf('Summary\n');
  return at < 0 ? '' : stdout.slice(at).trimEnd();
}
