import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import type { Pack } from '@evalpacks/core';

/** Source files, by extension; a pack's tests, builds and dependencies are no part of its checks. */
const SOURCE = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json']);
const SKIPPED = new Set(['node_modules', 'dist', 'test', 'tests', '__tests__']);
/** Far more than any pack's src/ holds: past it the files are not read (the checks' own code still counts). */
const MAX_FILES = 2000;

/** Every source file under `dir`, as paths relative to it, sorted, so the hash does not depend on the disk's order. */
async function sourceFiles(dir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter(
      (entry) => entry.isFile() && SOURCE.has(extname(entry.name)) && !/\.(test|spec)\.[cm]?[jt]s$/.test(entry.name),
    )
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split(/[\\/]/).some((part) => SKIPPED.has(part) || part.startsWith('.')))
    .sort()
    .slice(0, MAX_FILES);
}

/**
 * A fingerprint of what grades an answer without a model: the pack's checks (id, name, RISEN part, in order)
 * and the pack's source files (its src/ folder), so an edited helper a check calls counts too. The sources,
 * not the build: a CLI run from source and one run from its bundle load different files of the same pack
 * and must agree. A pack without a src/ folder (a single entry file elsewhere) is fingerprinted by its
 * checks' own code instead. A few KB read once a run; 16 hex digits, as the prompt hash.
 */
export async function checksHash(pack: Pack): Promise<string> {
  const hash = createHash('sha256');
  for (const check of pack.checks) hash.update(`${check.id}\0${check.name}\0${check.part}\0`);
  const src = join(pack.root, 'src');
  const files = await sourceFiles(src);
  for (const path of files) {
    hash.update(`${path}\0`);
    hash.update(await readFile(join(src, path)));
    hash.update('\0');
  }
  if (files.length === 0) for (const check of pack.checks) hash.update(`${String(check.run)}\0`);
  return hash.digest('hex').slice(0, 16);
}
