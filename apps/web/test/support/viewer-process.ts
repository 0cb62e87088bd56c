import { type ChildProcess, spawn } from 'node:child_process';
import { childEnv, ROOT } from './run-cli.ts';

export interface ViewerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The viewer's entry (what `pnpm ui` runs) from the sources, as one node process with these flags. */
export function spawnViewer(args: string[]) {
  return spawn(
    process.execPath,
    ['--conditions=@evalpacks/source', '--import', 'tsx', `${ROOT}apps/web/src/bin.ts`, ...args],
    {
      cwd: ROOT,
      env: childEnv({}),
      stdio: 'pipe',
    },
  );
}

/**
 * Starts the viewer's entry (what `pnpm ui` runs) as one node process on a free port and reads the URL
 * it prints.
 */
export function startViewerProcess(store: string): Promise<ViewerProcess> {
  const child = spawnViewer(['--store', store, '--port', '0']);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`viewer exited with ${code}: ${stderr}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(stdout)?.[0];
      if (url) {
        resolve({
          url,
          child,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
  });
}
