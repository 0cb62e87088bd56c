#!/usr/bin/env node
/**
 * What the root scripts (`pnpm eval`, `pnpm compare`, `pnpm ui`, ...) run: `node scripts/run-built.mjs APP
 * ARGS...`. turbo builds the app and every package it loads (cached, so a no-op when nothing changed), then
 * the app's built entry runs in this very process on plain node. The build's log is shown only when it
 * fails, so stdout holds nothing but the app's output.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const APPS = {
  cli: { filter: '@evalpacks/cli...', entry: '../apps/cli/dist/bin.js' },
  web: { filter: '@evalpacks/web...', entry: '../apps/web/dist/bin.js' },
};

const app = APPS[process.argv[2]];
if (!app) {
  process.stderr.write(`usage: node scripts/run-built.mjs ${Object.keys(APPS).join('|')} [ARGS...]\n`);
  process.exit(2);
}
// The app parses process.argv from index 2, as if it had been started directly.
process.argv.splice(2, 1);

const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync(
  `${root}node_modules/.bin/turbo`,
  ['run', 'build', `--filter=${app.filter}`, '--output-logs=errors-only'],
  { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
);
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}${build.error?.message ?? ''}\n`);
  process.stderr.write('error: the build failed (above); `pnpm build` shows the same\n');
  process.exit(2);
}
await import(app.entry);
