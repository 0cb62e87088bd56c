import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // These tests start the CLI as a subprocess (tsx compiles on start-up); on a busy two-core machine one run
    // can take several seconds, which says nothing about the CLI. Limits for the product itself live in
    // benchmark scripts, not in test timeouts.
    testTimeout: 30_000,
  },
});
