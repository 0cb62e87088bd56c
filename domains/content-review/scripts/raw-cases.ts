/**
 * The pack's case files as written, every field kept (split, category, tags, lines, quote...), read through
 * core's own loader, whose `toCase` hook sees each raw record. The shared case shape may drop fields it does
 * not declare; the tests and the coverage table need them all.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Case, definePack, loadPackCases } from '@evalpacks/core';
import pack from '../src/index.ts';

/** A case file's fields as written. */
export interface RawCase {
  id: string;
  input: string;
  split?: unknown;
  category?: unknown;
  difficulty?: unknown;
  tags?: unknown;
  rationale?: unknown;
  acceptable?: unknown;
  expectedAbsent?: unknown;
  expectedFindings?: Array<Record<string, unknown>>;
}

export const tagsOf = (raw: RawCase): string[] => (Array.isArray(raw.tags) ? (raw.tags as string[]) : []);

/** Every case of the pack, as loaded (with its tags, which the checks read) and as written. */
export async function packCases(): Promise<Array<{ loaded: Case; raw: RawCase }>> {
  const dir = join(pack.root, 'cases');
  const out: Array<{ loaded: Case; raw: RawCase }> = [];
  for (const name of readdirSync(dir).sort()) {
    if (!/\.(ya?ml|json)$/.test(name)) continue;
    let seen: unknown;
    const toCase = (raw: unknown) => {
      seen = raw;
      return raw;
    };
    const [loaded] = await loadPackCases(definePack({ ...pack, toCase }), [join(dir, name)]);
    if (!loaded) throw new Error(`no case in ${name}`);
    const raw = { ...(seen as Record<string, unknown>), id: loaded.id } as RawCase;
    const tags = tagsOf(raw);
    const tagged = { ...loaded, tags };
    out.push({ loaded: tags.length > 0 ? tagged : loaded, raw });
  }
  return out;
}
