import { defineConfig } from 'vitest/config';

// These tests start the CLI as a subprocess (about 1.5 s of start-up each); with several files
// running in parallel on two cores, one test can take longer than vitest's default of 5 s.
export default defineConfig({ test: { testTimeout: 60_000 } });
