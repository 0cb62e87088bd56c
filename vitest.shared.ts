import { defaultServerConditions } from 'vite';
import type { ViteUserConfig } from 'vitest/config';

/**
 * Tests run the workspace's TypeScript sources, never its dist/: every package's exports map puts the
 * `@evalpacks/source` condition first, and this config turns it on for Vite's resolver and for the test
 * workers (vitest hands these conditions to node), so no test needs a build. The rest is vitest's own
 * default: the server conditions without `module`, which would pick ESM builds node cannot load (the AWS
 * SDK's dist-es).
 */
const conditions = ['@evalpacks/source', ...defaultServerConditions.filter((condition) => condition !== 'module')];

export const workspaceSources = {
  resolve: { conditions },
  ssr: { resolve: { conditions } },
} satisfies ViteUserConfig;
