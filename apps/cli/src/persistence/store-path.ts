import { join } from 'node:path';
import { WORKSPACE_ROOT } from '../packs/discover.ts';
import { userPath } from '../user-path.ts';

/** --store, else $EVALPACKS_STORE, else .evalpacks/evalpacks.db in the workspace (git-ignored). */
export function resolveStorePath(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = flag ?? env.EVALPACKS_STORE;
  return chosen ? userPath(chosen, env) : join(WORKSPACE_ROOT, '.evalpacks', 'evalpacks.db');
}
