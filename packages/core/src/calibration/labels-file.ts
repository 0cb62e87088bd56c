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

/** One non-blank line of a labels file: its label, or what is wrong with it (file:line: field: problem). */
export type LabelLine = { line: number; label: PackLabel } | { line: number; problem: string };

/**
 * Reads a labels file line by line without stopping: a line that is not JSON, misses a field or holds a wrong
 * value is a problem naming file, line and field; so is a second line on the same answer and item (which one
 * holds?). parseLabels stops at the first; a checker that lists every bad line reads all of them.
 */
export function readLabelLines(file: string, text: string): LabelLine[] {
  const lines: LabelLine[] = [];
  const seen = new Map<string, number>();
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const line = i + 1;
    const at = `${file}:${line}`;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      lines.push({ line, problem: `${at}: invalid JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = packLabelSchemaOf(json).safeParse(json);
    if (!parsed.success) {
      lines.push({ line, problem: `${at}: ${describeIssue(parsed.error.issues[0] as z.core.$ZodIssue)}` });
      return;
    }
    const key = labelKey(parsed.data);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      const { caseId, itemId } = parsed.data;
      lines.push({
        line,
        problem: `${at}: labels "${caseId}" item "${itemId}" of the same answer again (line ${earlier})`,
      });
      return;
    }
    seen.set(key, line);
    lines.push({ line, label: parsed.data });
  });
  return lines;
}

/** Reads a labels file; the first bad line (see readLabelLines) stops the load with file, line and field. */
export function parseLabels(file: string, text: string): PackLabel[] {
  return readLabelLines(file, text).map((entry) => {
    if ('problem' in entry) throw new CaseFileError(entry.problem);
    return entry.label;
  });
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
