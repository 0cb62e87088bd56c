import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { CLI_ROOT } from '../cli-root.ts';

const TEMPLATES = join(CLI_ROOT, 'templates', 'domain');
/** What a pack outside the workspace has instead: its own package.json and tsconfig, no workspace files. */
const STANDALONE = join(CLI_ROOT, 'templates', 'standalone');
const WORKSPACE_ONLY = new Set(['vitest.config.ts', 'tsconfig.build.json']);
const SUFFIX = '.tmpl';
/** Templates kept under another name: npm and pnpm leave a package's .gitignore out of its tarball. */
const RENAMED: Record<string, string> = { gitignore: '.gitignore' };

/** A domain of this workspace (domains/NAME), or a pack of its own anywhere (`new-domain --out DIR`). */
export type Layout = 'workspace' | 'standalone';

function templateFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return templateFiles(path);
    return entry.name.endsWith(SUFFIX) ? [path] : [];
  });
}

/** The files to write (path in the new folder, template) for a layout, in path order. */
function templatesFor(layout: Layout): [string, string][] {
  const files = new Map<string, string>();
  const add = (dir: string) => {
    for (const template of templateFiles(dir)) {
      const path = relative(dir, template).slice(0, -SUFFIX.length);
      files.set(RENAMED[path] ?? path, template);
    }
  };
  add(TEMPLATES);
  if (layout === 'standalone') {
    for (const path of WORKSPACE_ONLY) files.delete(path);
    add(STANDALONE);
  }
  return [...files].sort(([a], [b]) => a.localeCompare(b));
}

/** This CLI's version, which a standalone pack depends on for the CLI and core (they are released together). */
function cliVersion(): string {
  return (JSON.parse(readFileSync(join(CLI_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** "release-notes" → "Release notes": how the pack names itself in prose. */
export function titleOf(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Writes the domain's files from the templates, `{{name}}` and `{{title}}` filled in; returns their paths
 * relative to the new folder. A failure part-way removes the folder, so a retry starts clean.
 */
export function writeDomain(target: string, name: string, layout: Layout = 'workspace'): string[] {
  const values: Record<string, string> = { name, title: titleOf(name), version: cliVersion() };
  const written: string[] = [];
  mkdirSync(dirname(target), { recursive: true });
  mkdirSync(target); // throws if it appeared since the name was checked
  try {
    for (const [path, template] of templatesFor(layout)) {
      const text = readFileSync(template, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
      mkdirSync(dirname(join(target, path)), { recursive: true });
      writeFileSync(join(target, path), text);
      written.push(path);
    }
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
  return written;
}
