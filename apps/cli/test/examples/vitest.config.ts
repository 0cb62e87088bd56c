import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workspaceSources } from '../../../../vitest.shared.ts';

// The docs' example (docs/engine-api.md), run on its own by engine-example.e2e.test.ts against the
// stand-in: the CLI's own suite leaves this folder out, since the example expects a model server.
export default defineConfig({
  ...workspaceSources,
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    env: { EVALPACKS_DOMAINS_DIR: fileURLToPath(new URL('../packs', import.meta.url)) },
  },
});
