import { resolve } from 'node:path';

/**
 * A path a person typed, made absolute against the folder they typed it in. `pnpm eval` runs in the
 * workspace root whatever the current folder; pnpm keeps the original one in INIT_CWD.
 */
export function userPath(path: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.INIT_CWD ?? process.cwd(), path);
}
