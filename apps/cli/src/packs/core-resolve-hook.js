/**
 * A module resolution hook (node:module `register`): every pack's `import ... from '@evalpacks/core'`
 * resolves to the core this CLI runs with. A pack folder outside the workspace has no node_modules link to
 * core, and a pack inside it gets the very same module either way, so checks and definePack share one copy.
 *
 * Plain JavaScript on purpose: hooks run in Node's loader thread, which must load this file before any
 * TypeScript loader can help, whatever runs the CLI (tsx, a test runner, plain node).
 */

let coreUrl = '';

/** @param {{ coreUrl: string }} data */
export async function initialize(data) {
  coreUrl = data.coreUrl;
}

/**
 * @param {string} specifier
 * @param {object} context
 * @param {(specifier: string, context: object) => Promise<unknown>} next
 */
export async function resolve(specifier, context, next) {
  // Hand the rewritten url on instead of short-circuiting, so a TypeScript loader still sees the module.
  return next(specifier === '@evalpacks/core' ? coreUrl : specifier, context);
}
