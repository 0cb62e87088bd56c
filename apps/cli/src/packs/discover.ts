import { existsSync, readdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Pack } from '@evalpacks/core';
import { CLI_ROOT } from '../cli-root.ts';
import { UsageError } from '../usage-error.ts';
import { RUNS_FROM_SOURCE, registerTypeScript } from './register-typescript.ts';

/**
 * The workspace that holds this CLI (packs live in its domains/ folder, runs in its .evalpacks/); for a CLI
 * installed with npm, the project whose node_modules holds it.
 */
export const WORKSPACE_ROOT = workspaceRoot(CLI_ROOT);

function workspaceRoot(cli: string): string {
  const installed = cli.indexOf(`${sep}node_modules${sep}`);
  return installed >= 0 ? cli.slice(0, installed + 1) : join(cli, '..', '..', sep);
}

/**
 * The folder domains are discovered in: the workspace's domains/, or EVALPACKS_DOMAINS_DIR for a team that
 * keeps its packs elsewhere (the CLI's own tests point it at frozen test packs).
 */
function domainsFolder(root: string): string {
  const chosen = process.env.EVALPACKS_DOMAINS_DIR;
  return chosen ? resolve(chosen) : join(root, 'domains');
}

/** Pack names by folder: a new domains/NAME folder is picked up with no registration step. */
export function listDomains(root = WORKSPACE_ROOT): string[] {
  const domains = domainsFolder(root);
  if (!existsSync(domains)) return [];
  return readdirSync(domains, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(domains, entry.name, 'src', 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

function isPack(value: unknown): value is Pack {
  const pack = value as Pack | undefined;
  return typeof pack?.name === 'string' && typeof pack.root === 'string' && Array.isArray(pack.checks);
}

/** Imports a pack's entry lazily, so start-up pays only for the pack that runs. */
export async function importPack(entry: string): Promise<Pack> {
  if (/\.[cm]?ts$/.test(entry)) await registerTypeScript();
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(entry).href)) as { default?: unknown };
  } catch (error) {
    // A pack is the user's code: say which pack failed and why, in one line, instead of a stack.
    throw new UsageError(`cannot load the pack at ${entry}: ${(error as Error).message?.split('\n')[0] ?? error}`);
  }
  if (!isPack(module.default)) {
    throw new UsageError(`${entry} does not export a pack: use \`export default definePack({...})\``);
  }
  return module.default;
}

export async function loadDomain(name: string, root = WORKSPACE_ROOT): Promise<Pack> {
  const known = listDomains(root);
  if (!known.includes(name)) {
    throw new UsageError(`unknown domain "${name}"; known domains: ${known.join(', ') || 'none'}`);
  }
  return importPack(domainEntry(join(domainsFolder(root), name)));
}

/**
 * A built CLI loads a domain's build (dist/, which `pnpm eval` builds first) to skip transpiling; the CLI run
 * from its sources, or a domain not built yet (a fresh `new-domain`), loads src/index.ts.
 */
function domainEntry(folder: string): string {
  const built = join(folder, 'dist', 'index.js');
  return !RUNS_FROM_SOURCE && existsSync(built) ? built : join(folder, 'src', 'index.ts');
}
