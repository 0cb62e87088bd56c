#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InfrastructureError } from '@evalpacks/core';
import { z } from 'zod';
import { startViewer } from './start.ts';

const OptionsSchema = z.object({
  store: z.string().min(1, '--store needs a path').optional(),
  port: z.coerce
    .number({ error: '--port must be a number' })
    .int('--port must be a whole number')
    .min(0, '--port must be between 0 and 65535')
    .max(65535, '--port must be between 0 and 65535')
    .default(4173),
  open: z.boolean().default(false),
});

const WORKSPACE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** --store, else $EVALPACKS_STORE, else the workspace's store, as the CLI finds it; relative to where pnpm was called. */
function storePath(flag: string | undefined): string {
  const chosen = flag ?? process.env.EVALPACKS_STORE;
  const from = process.env.INIT_CWD ?? process.cwd();
  return chosen ? resolve(from, chosen) : resolve(WORKSPACE_ROOT, '.evalpacks', 'evalpacks.db');
}

function openBrowser(url: string): void {
  const child = spawn('xdg-open', [url], { detached: true, stdio: 'ignore' });
  child.on('error', () => process.stdout.write(`(could not open a browser: open ${url} yourself)\n`));
  child.unref();
}

async function main(): Promise<number> {
  let options: z.infer<typeof OptionsSchema>;
  try {
    const { values } = parseArgs({
      options: { store: { type: 'string' }, port: { type: 'string' }, open: { type: 'boolean' } },
      strict: true,
    });
    const parsed = OptionsSchema.safeParse(values);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    options = parsed.data;
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\nusage: pnpm ui [--store PATH] [--port N] [--open]\n`);
    return 2;
  }
  const path = storePath(options.store);
  try {
    const viewer = await startViewer(path, options.port);
    process.stdout.write(`evalpacks ui · ${path} (read-only)\n${viewer.url}\n`);
    if (options.open) openBrowser(viewer.url);
    const stop = () => void viewer.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return 0;
  } catch (error) {
    const hint = error instanceof InfrastructureError ? `\n  ${error.fix}` : '';
    const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? ' (pass --port N for another)' : '';
    process.stderr.write(`error: ${(error as Error).message}${busy}${hint}\n`);
    return 2;
  }
}

const code = await main();
if (code !== 0) process.exit(code);
