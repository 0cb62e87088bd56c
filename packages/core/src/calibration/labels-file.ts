import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { z } from 'zod';
import { CaseFileError, describeIssue } from '../pack/case-file.ts';
import type { Pack } from '../pack/define-pack.ts';
import { type PackLabel, packLabelSchemaOf } from '../schema/label.ts';
import { labelKey } from './label-key.ts';

/** Where a pack keeps its labels in git: one label a line. */
export function labelsPath(pack: Pack): string {
  return join(pack.root, 'calibration', 'labels.jsonl');
}

/**
 * Reads a labels file. A line that is not JSON, misses a field or holds a wrong value stops the load
 * with file, line and field; two lines on the same answer and item are an error too (which one holds?).
 */
export function parseLabels(file: string, text: string): PackLabel[] {
  const labels: PackLabel[] = [];
  const seen = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const at = `${file}:${i + 1}`;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (error) {
      throw new CaseFileError(`${at}: invalid JSON: ${(error as Error).message}`);
    }
    const parsed = packLabelSchemaOf(raw).safeParse(raw);
    if (!parsed.success) throw new CaseFileError(`${at}: ${describeIssue(parsed.error.issues[0] as z.core.$ZodIssue)}`);
    const key = labelKey(parsed.data);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      const { caseId, itemId } = parsed.data;
      throw new CaseFileError(`${at}: labels "${caseId}" item "${itemId}" of the same answer again (line ${earlier})`);
    }
    seen.set(key, i + 1);
    labels.push(parsed.data);
  });
  return labels;
}

/** The pack's labels, or none when it has no labels file. */
export async function loadPackLabels(pack: Pack): Promise<PackLabel[]> {
  const file = labelsPath(pack);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new CaseFileError(`${file}: cannot read: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  return parseLabels(file, text);
}

/** One label a line, in a stable order (case, kind, item, then answer), so a re-export diffs cleanly. */
export function formatLabels(labels: PackLabel[]): string {
  const order = (label: PackLabel) => `${label.caseId}\u0000${label.kind}\u0000${label.itemId}\u0000${labelKey(label)}`;
  const sorted = [...labels].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return sorted.map((label) => `${JSON.stringify(label)}\n`).join('');
}

export async function writePackLabels(pack: Pack, labels: PackLabel[]): Promise<string> {
  const file = labelsPath(pack);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, formatLabels(labels));
  return file;
}
