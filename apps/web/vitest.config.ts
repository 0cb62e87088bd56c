import { defineConfig } from 'vitest/config';
import { workspaceSources } from '../../vitest.shared.ts';

// Browser tests build their store with several CLI runs (tsx start-up each) on shared 2-core machines.
export default defineConfig({ ...workspaceSources, test: { testTimeout: 120_000, hookTimeout: 300_000 } });
