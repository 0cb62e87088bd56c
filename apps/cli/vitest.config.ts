import { defineConfig } from 'vitest/config';

// End-to-end tests spawn the CLI (tsx start-up included) on shared 2-core machines: allow for load.
export default defineConfig({ test: { testTimeout: 30_000 } });
