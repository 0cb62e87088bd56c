import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { InputError } from '../errors/input-error.ts';
import type { Case } from '../schema/case.ts';
import { toolNamesIn } from '../schema/tool-expectations.ts';
import { CaseFileError, loadCaseFile } from './case-file.ts';
import type { Pack } from './define-pack.ts';
import { loadVariant, type Variant } from './prompt.ts';

const CASE_EXTENSIONS = new Set(['.yaml', '.yml', '.json', '.jsonl']);

async function listFiles(dir: string, keep: (name: string) => boolean): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names
      .filter(keep)
      .sort()
      .map((name) => join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The names of the pack's prompt variants (prompts/*.md), without reading them. */
export async function listVariants(pack: Pack): Promise<string[]> {
  const files = await listFiles(join(pack.root, 'prompts'), (name) => name.endsWith('.md'));
  return files.map((file) => file.slice(file.lastIndexOf('/') + 1, -'.md'.length));
}

export async function loadPackVariant(pack: Pack, name: string = pack.defaultVariant): Promise<Variant> {
  const known = await listVariants(pack);
  if (!known.includes(name)) {
    throw new InputError(`pack "${pack.name}" has no variant "${name}" (known: ${known.join(', ') || 'none'})`);
  }
  return loadVariant(join(pack.root, 'prompts', `${name}.md`), name);
}

/** A case naming a tool the pack does not have would get a check that can never fail (or never pass). */
function checkToolNames(pack: Pack, file: string, testCase: Case): void {
  const named = toolNamesIn(testCase);
  if (named.length === 0 && !testCase.noTools) return;
  const known = (pack.tools?.() ?? []).map((tool) => tool.name);
  if (known.length === 0) {
    throw new CaseFileError(
      `${file}: case "${testCase.id}" has tool expectations, but pack "${pack.name}" has no tools`,
    );
  }
  const unknown = named.find((name) => !known.includes(name));
  if (unknown !== undefined) {
    throw new CaseFileError(
      `${file}: case "${testCase.id}" names tool "${unknown}", which pack "${pack.name}" does not have (tools: ${known.join(', ')})`,
    );
  }
}

/** The pack's case files: every YAML, JSON and JSONL file in its cases/ folder, in name order. */
export function packCaseFiles(pack: Pack): Promise<string[]> {
  return listFiles(join(pack.root, 'cases'), (name) => CASE_EXTENSIONS.has(extname(name)));
}

/** Loads cases from the pack's cases/ folder, or from the given files; ids must be unique. */
export async function loadPackCases(pack: Pack, files?: string[]): Promise<Case[]> {
  return (await loadPackCaseFiles(pack, files)).cases;
}

/** The pack's cases with the file each came from, for messages that send a person to edit a case. */
export async function loadPackCaseFiles(
  pack: Pack,
  files?: string[],
): Promise<{ cases: Case[]; fileOf: Map<string, string> }> {
  const sources = files ?? (await packCaseFiles(pack));
  const cases: Case[] = [];
  const seen = new Map<string, string>();
  for (const file of sources) {
    for (const testCase of await loadCaseFile(file, pack.toCase)) {
      checkToolNames(pack, file, testCase);
      const other = seen.get(testCase.id);
      if (other) throw new CaseFileError(`${file}: case id "${testCase.id}" is already used in ${other}`);
      seen.set(testCase.id, file);
      cases.push(testCase);
    }
  }
  if (cases.length === 0)
    throw new CaseFileError(`pack "${pack.name}" has no cases in ${sources.join(', ') || join(pack.root, 'cases')}`);
  return { cases, fileOf: seen };
}
