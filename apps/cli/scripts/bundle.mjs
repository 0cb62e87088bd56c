/**
 * The CLI's build: one esbuild bundle in dist/, split so that each command and each backend stays behind its
 * dynamic import(). Start-up was mostly module resolution and the Strands SDK's barrel (MCP, the AWS SDK,
 * ...) loaded file by file; a bundle reads a few files and tree-shakes what the CLI never calls.
 *
 * Two entries: bin.js, the command, and index.js, the engine API (`import { evaluate } from '@evalpacks/cli'`).
 * They share the engine's chunks; index.js loads them only when a function is called, as bin.js loads a
 * command. Its types are emitted by tsc afterwards (tsconfig.build.json, dist/types/).
 *
 * Left outside the bundle, loaded from node_modules as before:
 * - @evalpacks/core: packs import it too, and a pack's checks must share the CLI's copy (one module);
 * - zod: core's schemas and the CLI's are composed together, so they must come from one zod;
 * - better-sqlite3 (native), tsx (its loader is registered by path), @evalpacks/web (loaded only for the
 *   HTML report) and @evalpacks/models/pricing (it reads prices.json beside itself);
 * - any import that does not resolve: Strands' optional peers (S3, Anthropic, ...), which it imports only
 *   inside the features that use them.
 *
 *   node scripts/bundle.mjs   (the package's `build`, before tsc -p tsconfig.build.json)
 */
import { copyFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { strandsTrim } from './strands-trim.mjs';

const cli = fileURLToPath(new URL('..', import.meta.url));
const SHARED = ['@evalpacks/core', '@evalpacks/core/*', '@evalpacks/web/*', '@evalpacks/models/pricing'];
const OWN_LOADING = ['better-sqlite3', 'tsx', 'tsx/*', 'zod', 'zod/*'];

/** Leaves a bare import that cannot be resolved as it is, for node to find (or not) at run time. */
const unresolvedStayExternal = {
  name: 'unresolved-stay-external',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.probing) return undefined;
      const found = await bundle.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { probing: true },
      });
      return found.errors.length > 0 ? { path: args.path, external: true } : undefined;
    });
  },
};

rmSync(`${cli}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: cli,
  entryPoints: ['src/bin.ts', 'src/index.ts'],
  outdir: 'dist',
  // Flat: every chunk sits beside bin.js, so `new URL('./x', import.meta.url)` means dist/x wherever the code lands.
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The workspace's packages are bundled from their build, as a published CLI would get them.
  conditions: [],
  external: [...SHARED, ...OWN_LOADING],
  plugins: [strandsTrim, unresolvedStayExternal],
  // Bundled CommonJS (the AWS SDK, commander) calls require(), which an ES module lacks.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// Registered by path (node:module register) from the chunk that loads a --pack folder.
copyFileSync(`${cli}src/packs/core-resolve-hook.js`, `${cli}dist/core-resolve-hook.js`);
