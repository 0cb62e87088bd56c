import { execFile } from 'node:child_process';
import { WORKSPACE_ROOT } from '../packs/discover.ts';

let reading: Promise<string | undefined> | undefined;

/**
 * The workspace's commit, with `-dirty` when files differ from it; undefined outside a git checkout. Read
 * once per process by git in a child process, without blocking: the run asks early (prepareRun) and awaits
 * it only when the run is recorded, so the git calls (tens of ms on a large checkout) overlap the loading
 * of the backends instead of delaying the first request.
 */
export function workspaceCommit(root = WORKSPACE_ROOT): Promise<string | undefined> {
  reading ??= readCommit(root);
  return reading;
}

async function readCommit(root: string): Promise<string | undefined> {
  const git = (...args: string[]) =>
    new Promise<string>((resolve, reject) => {
      execFile('git', args, { cwd: root, encoding: 'utf8', timeout: 2000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout.trim()),
      );
    });
  try {
    const [commit, changes] = await Promise.all([
      git('rev-parse', 'HEAD'),
      git('status', '--porcelain', '--untracked-files=no'),
    ]);
    return changes ? `${commit}-dirty` : commit;
  } catch {
    return undefined;
  }
}
