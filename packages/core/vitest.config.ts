import { defineConfig } from 'vitest/config';
import { workspaceSources } from '../../vitest.shared.ts';

// Tests start loopback servers and real clients; on a shared 2-core machine under load a test can take
// longer than vitest's default 5 s without anything being wrong.
export default defineConfig({ ...workspaceSources, test: { testTimeout: 30_000 } });
