import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import type { Pack } from '@evalpacks/core';
import { UsageError } from '../usage-error.ts';
import { importPack } from './discover.ts';
import { registerCoreResolution } from './register-core.ts';

/** The nearest package.json above a file, which decides whether Node loads it as an ES module. */
function nearestPackageJson(file: string): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

function assertEsModule(entry: string): void {
  if (['.mts', '.mjs'].includes(extname(entry))) return;
  const manifest = nearestPackageJson(entry);
  let type: unknown;
  try {
    type = manifest ? (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type : undefined;
  } catch (error) {
    throw new UsageError(`--pack: cannot read ${manifest}: ${(error as Error).message}`);
  }
  if (type !== 'module') {
    const where = manifest ?? `a package.json in ${dirname(dirname(entry))}`;
    throw new UsageError(`--pack: ${entry} would load as CommonJS; add "type": "module" to ${where}`);
  }
}

/**
 * Loads a pack from any folder (its src/index.ts) or from its entry file, as `--pack PATH` does. Its imports
 * of @evalpacks/core resolve to the CLI's own core, so the folder needs no install of its own.
 */
export async function loadPackFolder(path: string): Promise<Pack> {
  const target = resolve(path);
  if (!existsSync(target)) throw new UsageError(`--pack ${path}: no such folder or file`);
  const entry = statSync(target).isDirectory() ? join(target, 'src', 'index.ts') : target;
  if (!existsSync(entry)) {
    throw new UsageError(`--pack ${path}: no src/index.ts in it (a pack folder has src/index.ts, prompts/ and cases/)`);
  }
  assertEsModule(entry);
  // Only a folder outside the workspace needs the hook (a domain finds core through node_modules), and the
  // hook is not free: once registered, every later import goes through node's loader thread.
  registerCoreResolution();
  return importPack(entry);
}
