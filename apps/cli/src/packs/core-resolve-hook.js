/**
 * A module resolution hook (node:module `register`): every pack's `import ... from '@evalpacks/core'` (or one
 * of its subpaths) resolves as if this CLI imported it, to the core this CLI runs with. A pack folder outside
 * the workspace has no node_modules link to core, and a pack inside it gets the very same module either way,
 * so checks and definePack share one copy. Resolving from the CLI keeps the caller's conditions, so a CLI
 * run from its sources hands packs core's sources and a built CLI hands them core's build.
 *
 * Plain JavaScript on purpose: hooks run in Node's loader thread, which must load this file before any
 * TypeScript loader can help, whatever runs the CLI (tsx, a test runner, plain node).
 */

let cliUrl = '';

/** @param {{ cliUrl: string }} data */
export async function initialize(data) {
  cliUrl = data.cliUrl;
}

/**
 * @param {string} specifier
 * @param {{ parentURL?: string }} context
 * @param {(specifier: string, context: object) => Promise<unknown>} next
 */
export async function resolve(specifier, context, next) {
  const isCore = specifier === '@evalpacks/core' || specifier.startsWith('@evalpacks/core/');
  // Hand the specifier on instead of short-circuiting, so a TypeScript loader still sees the module.
  return next(specifier, isCore ? { ...context, parentURL: cliUrl } : context);
}
