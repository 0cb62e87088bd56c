import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to dashes. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown file offers, with GitHub's -1, -2 suffixes for repeated headings. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { text, fenced } of lines(markdown)) {
    const heading = fenced ? undefined : /^#{1,6}\s+(.*)$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const base = anchorOf(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** A Markdown file's lines, each with its number and whether it sits in a fenced code block. */
export function* lines(markdown: string): Generator<{ text: string; line: number; fenced: boolean }> {
  let fenced = false;
  for (const [i, text] of markdown.split('\n').entries()) {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      continue;
    }
    yield { text, line: i + 1, fenced };
  }
}

/** Relative links whose file or anchor does not exist, as `file:line: why`. */
export function brokenLinks(file: string, root: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const { text, line, fenced } of lines(markdown)) {
    if (fenced) continue;
    for (const [, target = ''] of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const resolved = path ? resolve(dirname(file), path) : file;
      const where = `${relative(root, file)}:${line}`;
      if (!existsSync(resolved)) {
        problems.push(`${where}: ${target} does not exist`);
      } else if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
        problems.push(`${where}: ${target} has no heading #${anchor}`);
      }
    }
  }
  return problems;
}

const COMMAND =
  /^\s*(?:\$\s+)?(?:pnpm(?:\s+run)?|(?:npx\s+)?evalpacks)\s+(eval|compare|history|calibrate|merge|new-domain|lint-pack|ui)\b(.*)$/;

/** The evalpacks commands shown in a file's code blocks: `{ where, command, flags }`. */
export function commandsIn(file: string, root: string): { where: string; command: string; flags: string[] }[] {
  const found: { where: string; command: string; flags: string[] }[] = [];
  for (const { text, line, fenced } of lines(readFileSync(file, 'utf8'))) {
    const match = fenced ? COMMAND.exec(text) : null;
    if (!match) continue;
    const [, command = '', rest = ''] = match;
    // Flags end where the shell command does: a comment, a pipe, a chain, a redirect.
    const own = rest.split(/\s(?:#|\||&&|;|>|2>)/)[0] ?? '';
    const flags = [...own.matchAll(/(?:^|\s)(--[a-z][a-z0-9-]*)/g)].map((m) => m[1] ?? '');
    found.push({ where: `${relative(root, file)}:${line}`, command, flags });
  }
  return found;
}

/** Flags a command's `--help` lists: `--store <path>`, `--no-cache`, ... */
export function flagsOfHelp(help: string): Set<string> {
  return new Set([...help.matchAll(/(?:^|[\s,[])(--[a-z][a-z0-9-]*)/g)].map((m) => m[1] ?? ''));
}

export const docsFiles = (root: string, extra: string[]): string[] =>
  ['README.md', ...extra].map((file) => join(root, file)).filter((file) => existsSync(file));
