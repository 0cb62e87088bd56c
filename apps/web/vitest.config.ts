import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workspaceSources } from '../../vitest.shared.ts';

// Browser tests build their store with several CLI runs (tsx start-up each) on shared 2-core machines.
// Their CLI runs discover the CLI's frozen test packs (apps/cli/test/packs/README.md).
export default defineConfig({
  ...workspaceSources,
  test: {
    testTimeout: 120_000,
    hookTimeout: 300_000,
    env: { EVALPACKS_DOMAINS_DIR: fileURLToPath(new URL('../cli/test/packs', import.meta.url)) },
  },
});
