import { defaultClientConditions, defaultServerConditions } from 'vite';
import type { ViteUserConfig } from 'vitest/config';

/**
 * Tests run the workspace's TypeScript sources, never its dist/: every package's exports map puts the
 * `@evalpacks/source` condition first, and this config turns it on for Vite's resolver (tests run in its
 * server environment; the client list is there for completeness), so no test needs a build.
 */
export const SOURCE_CONDITION = '@evalpacks/source';

export const workspaceSources = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
} satisfies ViteUserConfig;
