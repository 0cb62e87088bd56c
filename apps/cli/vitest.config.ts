import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { workspaceSources } from '../../vitest.shared.ts';

// End-to-end tests spawn the CLI (tsx start-up included) on shared 2-core machines: allow for load. Some
// start it three or four times in one test (a run, its cached re-run, a resume), hence the minute.
// Domains come from the frozen test packs (test/packs/README.md), which the spawned CLIs inherit. Every file
// ends the commands its tests started, even those a timeout left running (test/end-children.ts). The docs'
// example in test/examples/ expects a model server: engine-example.e2e.test.ts runs it against the stand-in.
export default defineConfig({
  ...workspaceSources,
  test: {
    testTimeout: 60_000,
    exclude: [...configDefaults.exclude, 'test/examples/**'],
    setupFiles: ['test/end-children.ts'],
    env: { EVALPACKS_DOMAINS_DIR: fileURLToPath(new URL('test/packs', import.meta.url)) },
  },
});
