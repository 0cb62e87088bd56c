import { defineConfig } from 'vitest/config';

// The end-to-end tests start the CLI as a subprocess (tsx start-up, model clients): on a loaded
// two-core machine one run can take several seconds, well past vitest's 5 s default.
export default defineConfig({ test: { testTimeout: 60_000 } });
