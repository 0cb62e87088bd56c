import { defineConfig } from 'vitest/config';
import { workspaceSources } from '../../vitest.shared.ts';

// A pack's tests read and check every case file and reference answer; on a shared 2-core machine under load
// that takes seconds, not the 5 s vitest allows by default.
export default defineConfig({ ...workspaceSources, test: { testTimeout: 60_000 } });
