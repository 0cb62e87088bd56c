import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { InputError } from '../errors/input-error.ts';
import type { RisenPart } from '../schema/check.ts';

export const RISEN_PARTS: readonly RisenPart[] = ['role', 'instructions', 'steps', 'expectation', 'narrowing'];

/** A named prompt of a pack: its full text plus its RISEN sections, found by markdown headings. */
export interface Variant {
  name: string;
  path: string;
  text: string;
  sections: Partial<Record<RisenPart, string>>;
}

/** Splits a markdown prompt on `# Role`, `## Steps`, ... headings; other headings stay inside their section. */
export function parseRisenSections(text: string): Partial<Record<RisenPart, string>> {
  const sections: Partial<Record<RisenPart, string>> = {};
  let current: RisenPart | undefined;
  let lines: string[] = [];
  const flush = () => {
    if (current) sections[current] = lines.join('\n').trim();
  };
  for (const line of text.split('\n')) {
    const heading = /^#{1,3}\s+(\w+)\s*$/.exec(line);
    const part = heading?.[1]?.toLowerCase() as RisenPart | undefined;
    if (part && RISEN_PARTS.includes(part)) {
      flush();
      current = part;
      lines = [];
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

export async function loadVariant(path: string, name = basename(path, extname(path))): Promise<Variant> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read prompt file ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  if (text.trim() === '') throw new InputError(`prompt file ${path} is empty`);
  return { name, path, text, sections: parseRisenSections(text) };
}

/** The RISEN parts a prompt lacks; a prompt without them still runs, but suggestions point at them. */
export function missingParts(variant: Variant): RisenPart[] {
  return RISEN_PARTS.filter((part) => !variant.sections[part]);
}
