/**
 * An esbuild plugin that keeps three of Strands' optional parts out of the CLI's bundle. Strands' Node entry
 * and its Agent module import them at their top, so every run loaded and compiled them (~95 ms of a ~450 ms
 * start-up), though evalpacks uses none of them:
 * - BedrockModel, the Agent's default model (the whole AWS SDK client): evalpacks always hands the Agent its
 *   model. The Bedrock backend imports the real one through `@strands-agents/sdk/models/bedrock`, which is
 *   not trimmed, and loads it (and the AWS SDK) only when a run uses Bedrock;
 * - McpClient, and the MCP server-config loader the Node entry registers: evalpacks gives agents its own
 *   tools and never an MCP server (the MCP SDK, ajv, eventsource, cross-spawn).
 * Each is replaced, for the named importer only, by a stand-in that throws if anything ever reaches it.
 * Pinned to the import edges it expects: a Strands release that moves them fails the build here, rather than
 * quietly loading the SDKs again or trimming something else.
 */
const STRANDS_SRC = /@strands-agents[/]sdk[/]dist[/]src[/](.+)$/;

const unavailable = (what) => `throw new Error('evalpacks: ${what} is not part of this build');`;

/** importer (under Strands' dist/src) -> specifier -> the module that replaces it there. */
const TRIMMED = {
  'index.js': {
    './models/bedrock.js': `export class BedrockModel { constructor() { ${unavailable('BedrockModel from the Strands barrel')} } }`,
    './mcp/index.js': `export class McpClient { constructor() { ${unavailable('an MCP client')} } }`,
  },
  'agent/agent.js': {
    '../models/bedrock.js': `export class BedrockModel { constructor() { ${unavailable('an Agent without a model')} } }`,
    '../mcp/index.js': `export class McpClient { constructor() { ${unavailable('an MCP client')} } }`,
  },
  'register-node-defaults.js': {
    './mcp/config.node.js': `export async function resolveServerConfigs() { ${unavailable('an MCP server config')} }`,
  },
};

export const strandsTrim = {
  name: 'strands-trim',
  setup(bundle) {
    const trimmed = new Set();
    const specifiers = new Set(Object.values(TRIMMED).flatMap((edges) => Object.keys(edges)));
    bundle.onResolve({ filter: /^\.\.?[/]/ }, (args) => {
      if (!specifiers.has(args.path)) return undefined;
      const importer = STRANDS_SRC.exec(args.importer.replaceAll('\\', '/'))?.[1];
      const contents = importer === undefined ? undefined : TRIMMED[importer]?.[args.path];
      if (contents === undefined) return undefined;
      trimmed.add(`${importer} -> ${args.path}`);
      return { path: `${importer} -> ${args.path}`, namespace: 'strands-trim', pluginData: contents };
    });
    bundle.onLoad({ filter: /.*/, namespace: 'strands-trim' }, (args) => ({ contents: args.pluginData, loader: 'js' }));
    bundle.onEnd((result) => {
      if (result.errors.length > 0) return;
      const expected = Object.entries(TRIMMED).flatMap(([importer, edges]) =>
        Object.keys(edges).map((specifier) => `${importer} -> ${specifier}`),
      );
      const missing = expected.filter((edge) => !trimmed.has(edge));
      if (missing.length === expected.length) {
        throw new Error('Strands was not bundled at all: build the workspace packages first (`pnpm build`, turbo)');
      }
      if (missing.length > 0) {
        throw new Error(`Strands no longer has the imports scripts/strands-trim.mjs trims: ${missing.join('; ')}`);
      }
    });
  },
};
