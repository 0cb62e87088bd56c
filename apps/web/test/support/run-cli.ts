import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The test's environment without an inherited Ollama host or store, and without colour. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { OLLAMA_HOST: _host, EVALPACKS_STORE: _store, ...inherited } = process.env;
  return { ...inherited, NO_COLOR: '1', ...env };
}

/** Runs the real CLI as a subprocess against `store`, as a user would. */
export function runCli(store: string, args: string[]): Promise<Finished> {
  const child = spawn(TSX, ['--conditions=@evalpacks/source', `${ROOT}apps/cli/src/bin.ts`, ...args], {
    cwd: ROOT,
    env: childEnv({ EVALPACKS_STORE: store }),
    stdio: 'pipe',
  });
  return finished(child);
}

/** What a child process wrote and how it ended, once it has closed. */
export function finished(child: Pick<ChildProcess, 'stdout' | 'stderr' | 'on'>): Promise<Finished> {
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
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `eval --domain tool-basics` on the stand-in, yes-no judge, every case judged, no cached answers. */
export const evalToolBasics = (store: string, host: string, ...flags: string[]) =>
  runCli(store, [
    'eval',
    '--domain',
    'tool-basics',
    '--ollama-host',
    host,
    '--judge-model',
    'judge:1b',
    '--judge-style',
    'yes-no',
    '--judge-always',
    '--no-cache',
    ...flags,
  ]);
