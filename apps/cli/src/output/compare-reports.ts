import { accessSync, constants, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compareJunit, compareMarkdown } from '@evalpacks/core/report';
import type { ComparisonDocument } from '@evalpacks/core/stats';
import { UsageError } from '../usage-error.ts';

/** The file each compare --reporter writes into --out. */
export const COMPARE_FILES = {
  json: 'comparison.json',
  junit: 'comparison.xml',
  markdown: 'comparison.md',
  html: 'comparison.html',
} as const;

type CompareFile = keyof typeof COMPARE_FILES;

const isFile = (kind: string): kind is CompareFile => kind in COMPARE_FILES;

/** The file reporters among the --reporter names (console is the command's own output). */
export const compareFileKinds = (kinds: readonly string[]): CompareFile[] => kinds.filter(isFile);

/**
 * --out made and checked before any model is called: a folder that cannot be written is a usage error in
 * one line, found before the compare spends anything.
 */
export function prepareCompareOut(dir: string): string {
  const path = resolve(dir);
  try {
    mkdirSync(path, { recursive: true });
    accessSync(path, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'not writable';
    throw new UsageError(`cannot write the compare reports to --out ${dir}: ${code}`);
  }
  return path;
}

type Render = (doc: ComparisonDocument) => string | Promise<string>;

const RENDER: Record<CompareFile, Render> = {
  json: (doc) => `${JSON.stringify(doc, null, 2)}\n`,
  junit: (doc) => compareJunit(doc),
  markdown: (doc) => compareMarkdown(doc, { fullReport: 'comparison.html and comparison.json (the CI job artifacts)' }),
  // The page brings the viewer's views: loaded only when it is asked for.
  html: async (doc) => (await import('@evalpacks/web/report')).compareHtml(doc),
};

/**
 * Writes the chosen reports of the comparison into `dir`, each first to a temporary name and renamed into
 * place only once all of them are written, so a failure leaves no report half-written (and none of a set
 * from this compare beside the old ones). Returns their absolute paths.
 */
export async function writeCompareReports(
  kinds: readonly string[],
  doc: ComparisonDocument,
  dir: string,
): Promise<string[]> {
  const chosen = compareFileKinds(kinds);
  if (chosen.length === 0) return [];
  const out = prepareCompareOut(dir);
  const texts = await Promise.all(chosen.map(async (kind) => [kind, await RENDER[kind](doc)] as const));
  const temps: string[] = [];
  try {
    for (const [kind, text] of texts) {
      const temp = join(out, `.${COMPARE_FILES[kind]}.${process.pid}.tmp`);
      temps.push(temp);
      writeFileSync(temp, text);
    }
  } catch (error) {
    for (const temp of temps) rmSync(temp, { force: true });
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UsageError(`cannot write the compare reports to ${dir}: ${code}; none was written`);
  }
  return texts.map(([kind], index) => {
    const path = join(out, COMPARE_FILES[kind]);
    renameSync(temps[index] as string, path);
    return path;
  });
}
