#!/usr/bin/env node
/**
 * What the root scripts (`pnpm eval`, `pnpm compare`, ...) run: turbo builds the CLI and every package it
 * loads (cached, so a no-op when nothing changed), then the built CLI runs in this very process on plain
 * node. The build's own output is shown only when it fails, so stdout holds nothing but the CLI's.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync(
  `${root}node_modules/.bin/turbo`,
  ['run', 'build', '--filter=@evalpacks/cli...', '--output-logs=errors-only'],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
);
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}${build.error?.message ?? ''}\n`);
  process.stderr.write('error: building the CLI failed (above); `pnpm build` shows the same\n');
  process.exit(2);
}
await import('../apps/cli/dist/bin.js');
