import { spawnSync } from 'node:child_process';

export interface LinkResult {
  ok: boolean;
  /** The last lines pnpm wrote, for the error message when it failed. */
  output: string;
}

function pnpmInstall(root: string, mode: '--offline' | '--prefer-offline'): LinkResult {
  // The lockfile must gain the new package's entry; pnpm freezes it by default when CI=true.
  const result = spawnSync('pnpm', ['install', mode, '--no-frozen-lockfile'], { cwd: root, encoding: 'utf8' });
  if (result.error) return { ok: false, output: `cannot run pnpm: ${result.error.message}` };
  const output = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-5).join('\n');
  return { ok: result.status === 0, output };
}

/**
 * Runs `pnpm install` in the workspace so the new package gets its link to @evalpacks/core (its tests import
 * it) and an entry in pnpm-lock.yaml (CI installs with --frozen-lockfile). The new package has workspace
 * dependencies only, so the local store should do: --offline first, the registry only if that fails.
 */
export function linkWorkspace(root: string): LinkResult {
  const offline = pnpmInstall(root, '--offline');
  return offline.ok ? offline : pnpmInstall(root, '--prefer-offline');
}
