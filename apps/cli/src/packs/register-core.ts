import { register } from 'node:module';

let registered = false;

/** Makes `@evalpacks/core` and its subpaths resolvable from any pack, wherever its folder is; once per process. */
export function registerCoreResolution(): void {
  if (registered) return;
  registered = true;
  register(new URL('./core-resolve-hook.js', import.meta.url), { data: { cliUrl: import.meta.url } });
}
