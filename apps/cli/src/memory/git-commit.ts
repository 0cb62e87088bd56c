import { execFileSync } from 'node:child_process';
import { WORKSPACE_ROOT } from '../packs/discover.ts';

/** The workspace's commit, with `-dirty` when files differ from it; undefined outside a git checkout. */
export function gitCommit(root = WORKSPACE_ROOT): string | undefined {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    }).trim();
  try {
    const commit = git('rev-parse', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') ? `${commit}-dirty` : commit;
  } catch {
    return undefined;
  }
}
