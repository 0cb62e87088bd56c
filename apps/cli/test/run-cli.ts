import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;
const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A store of its own for one test, so no test sees another's history or cached answers. */
export function tempStore(): string {
  return join(mkdtempSync(join(tmpdir(), 'evalpacks-cli-')), 'evalpacks.db');
}

/**
 * Runs the real CLI as a subprocess, as a user would, with no colour, no inherited Ollama host and,
 * unless the test gives one, a fresh store.
 */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  const started = performance.now();
  const { OLLAMA_HOST: _ignored, EVALPACKS_STORE: _store, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [BIN, ...args], {
      cwd: ROOT,
      env: { ...inherited, NO_COLOR: '1', EVALPACKS_STORE: tempStore(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** The lines from `Summary` to the end: the part of the output that does not depend on timing. */
export function summaryOf(stdout: string): string {
  const at = stdout.indexOf('Summary\n');
  return at < 0 ? '' : stdout.slice(at).trimEnd();
}

/**
 * Starts the CLI as one node process (no tsx wrapper in between), so a signal sent to `child` reaches
 * the CLI itself: what a test of SIGKILL and SIGINT needs.
 */
export function spawnCli(args: string[], env: Record<string, string | undefined> = {}) {
  const started = performance.now();
  const { OLLAMA_HOST: _ignored, EVALPACKS_STORE: _store, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', BIN, ...args], {
    cwd: ROOT,
    env: { ...inherited, NO_COLOR: '1', EVALPACKS_STORE: tempStore(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const done = new Promise<CliResult & { signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: performance.now() - started }));
  });
  return { child, done };
}
