import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A hang guard, not a performance assertion: end-to-end tests start the CLI several times each.
    testTimeout: 60_000,
  },
});
