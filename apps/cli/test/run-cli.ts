import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;
const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

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

/** Runs a command as a subprocess with no colour and no inherited Ollama host, collecting its output. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<CliResult> {
  const started = performance.now();
  const { OLLAMA_HOST: _ignored, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...inherited, NO_COLOR: '1', ...options.env },
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

/** Runs the real CLI as a subprocess, as a user would. */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return run(TSX, [BIN, ...args], { env });
}

/** The lines from `Summary` to the end: the part of the output that does not depend on timing. */
export function summaryOf(stdout: string): string {
  const at = stdout.indexOf('Summary\n');
  return at < 0 ? '' : stdout.slice(at).trimEnd();
}
