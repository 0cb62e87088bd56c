/**
 * Import rules that `pnpm lint` enforces (dependency-cruiser; see docs/architecture.md, "Import rules").
 * Core holds no backend and no app, packs never reach a backend, and core's folders form layers: two
 * folders that import each other, directly or round a longer loop, have a concept without one home.
 */

/** The backends' clients and the packages that wrap them: what core and packs must never import. */
const BACKEND = [
  '^(packages/(models|store|testkit)|apps)/',
  '(^|node_modules/)(@evalpacks/(models|store|testkit|cli|web)|ollama|openai|better-sqlite3|@aws-sdk|@smithy|@strands-agents)(/|$)',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-folders-no-cycle',
      severity: 'error',
      comment:
        'Two folders of packages/core/src import each other (directly or round a loop): move the shared piece to the folder that owns the concept, or to a lower one.',
      scope: 'folder',
      from: { path: '^packages/core/src/[^/]+$' },
      to: { path: '^packages/core/src/[^/]+$', circular: true },
    },
    {
      name: 'core-imports-no-backend',
      severity: 'error',
      comment:
        'Core is what a pack imports: it holds the ports a backend implements, never a backend, the store or an app.',
      from: { path: '^packages/core/src/' },
      to: { path: BACKEND },
    },
    {
      name: 'pack-imports-no-backend',
      severity: 'error',
      comment: 'A pack runs on any backend: it imports core, never a backend, the store or an app.',
      from: { path: '^domains/[^/]+/src/' },
      to: { path: BACKEND },
    },
  ],
  options: {
    exclude: { path: ['/dist/', '/test/'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@evalpacks/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
