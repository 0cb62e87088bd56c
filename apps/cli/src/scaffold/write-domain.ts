import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATES = fileURLToPath(new URL('../../templates/domain/', import.meta.url));
const SUFFIX = '.tmpl';

function templateFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return templateFiles(path);
    return entry.name.endsWith(SUFFIX) ? [path] : [];
  });
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
export function writeDomain(target: string, name: string): string[] {
  const values: Record<string, string> = { name, title: titleOf(name) };
  const written: string[] = [];
  mkdirSync(dirname(target), { recursive: true });
  mkdirSync(target); // throws if it appeared since the name was checked
  try {
    for (const template of templateFiles(TEMPLATES).sort()) {
      const path = relative(TEMPLATES, template).slice(0, -SUFFIX.length);
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
