/**
 * Lets plain node import a pack written in TypeScript (a `--pack` folder's src/index.ts). Loaded only when a
 * .ts pack is imported, so runs of built packs never pay for the loader; under tsx (tests, development) the
 * CLI's own loader already handles TypeScript and this one is skipped.
 */
let registered = false;

/** Whether this CLI runs from its TypeScript sources (tests, development) rather than its build. */
export const RUNS_FROM_SOURCE = import.meta.url.endsWith('.ts');

export async function registerTypeScript(): Promise<void> {
  if (registered || RUNS_FROM_SOURCE) return;
  registered = true;
  const { register } = await import('tsx/esm/api');
  register();
}
