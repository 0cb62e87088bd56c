import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import validatePackageName from 'validate-npm-package-name';
import { UsageError } from '../usage-error.ts';

/** The workspace folders that hold packages (pnpm-workspace.yaml lists them as `<folder>/*`). */
const PACKAGE_FOLDERS = ['packages', 'domains', 'apps'];

/** What definePack accepts as a pack name; stricter than npm, which also allows dots and underscores. */
const PACK_NAME = /^[a-z0-9][a-z0-9-]*$/;

export const packageNameOf = (name: string) => `@evalpacks/${name}`;

/** The workspace's packages by name, with their folders. */
function workspacePackages(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const folder of PACKAGE_FOLDERS) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const manifest = join(dir, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name) found.set(name, `${folder}/${entry.name}`);
    }
  }
  return found;
}

/**
 * Refuses a name that is not a valid npm package name (as `@evalpacks/NAME`), not a valid pack name, or
 * already taken by a folder under domains/ or by a workspace package; says which rule and why.
 */
export function assertNewDomainName(name: string, root: string): void {
  assertPackName(name);
  if (existsSync(join(root, 'domains', name))) throw new UsageError(`domains/${name} already exists`);
  const packageName = packageNameOf(name);
  const owner = workspacePackages(root).get(packageName);
  if (owner) throw new UsageError(`${packageName} is already a package of this workspace (${owner})`);
}

/** Refuses a name that is not a valid npm package name (as `@evalpacks/NAME`) or not a valid pack name. */
export function assertPackName(name: string): void {
  const packageName = packageNameOf(name);
  const verdict = validatePackageName(packageName);
  if (!verdict.validForNewPackages) {
    const reasons = [...(verdict.errors ?? []), ...(verdict.warnings ?? [])];
    throw new UsageError(`"${name}" is not a valid package name (${packageName}): ${reasons.join('; ')}`);
  }
  if (!PACK_NAME.test(name)) {
    throw new UsageError(
      `"${name}" is not a valid pack name: use lowercase letters, digits and dashes, starting with a letter or digit`,
    );
  }
}
