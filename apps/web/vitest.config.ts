import { defineConfig } from 'vitest/config';

// Browser tests build their store with several CLI runs (tsx start-up each) on shared 2-core machines.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 300_000 } });
