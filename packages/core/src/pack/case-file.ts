import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { type Case, CaseSchema } from '../schema/case.ts';
import { InputError } from './input-error.ts';

/** A case file that failed to load; the message names the file, the line and the field. */
export class CaseFileError extends InputError {
  override name = 'CaseFileError';
}

interface Documents {
  items: unknown[];
  /** The line of a field of item i, for error messages. */
  lineOf(path: PropertyKey[], i: number): number;
}

/** Reads one YAML/JSON document (a case or a list of cases) or a JSONL file (a case per line). */
function readDocuments(file: string, text: string): Documents {
  const counter = new LineCounter();
  if (extname(file) === '.jsonl') {
    const items: unknown[] = [];
    const lines: number[] = [];
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      try {
        items.push(JSON.parse(line));
        lines.push(i + 1);
      } catch (error) {
        throw new CaseFileError(`${file}:${i + 1}: invalid JSON: ${(error as Error).message}`);
      }
    });
    return { items, lineOf: (_path, i) => lines[i] ?? 1 };
  }
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const line = counter.linePos(first.pos[0]).line;
    throw new CaseFileError(`${file}:${line}: ${first.message.split('\n')[0]}`);
  }
  const value = doc.toJS() as unknown;
  const items = Array.isArray(value) ? value : [value];
  const lineOf = (path: PropertyKey[], index: number): number => {
    const full = Array.isArray(value) ? [index, ...path] : path;
    for (let depth = full.length; depth >= 0; depth--) {
      const node = doc.getIn(full.slice(0, depth) as unknown[], true) as { range?: [number, number] } | undefined;
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return 1;
  };
  return { items, lineOf };
}

/** A misspelt field is reported at the field itself, not at the record holding it. */
function issuePath(issue: z.core.$ZodIssue): PropertyKey[] {
  return issue.code === 'unrecognized_keys' && issue.keys[0] ? [...issue.path, issue.keys[0]] : issue.path;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issuePath(issue);
  const field = path.length ? path.join('.') : '(case)';
  return `field "${field}": ${issue.message}`;
}

/** A ZodError's first issue, recognised by shape: the pack may hold its own copy of zod. */
function firstZodIssue(error: unknown): z.core.$ZodIssue | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues[0] as z.core.$ZodIssue | undefined) : undefined;
}

/**
 * Runs the pack's mapping for one record. A pack validates its own format there (with zod), so its
 * errors name the field as the user wrote it; they get the file and line here.
 */
function mapRecord(file: string, docs: Documents, index: number, toCase: (raw: unknown) => unknown): unknown {
  try {
    return toCase(docs.items[index]);
  } catch (error) {
    const issue = firstZodIssue(error);
    if (issue) throw new CaseFileError(`${file}:${docs.lineOf(issuePath(issue), index)}: ${describeIssue(issue)}`);
    throw new CaseFileError(`${file}:${docs.lineOf([], index)}: ${(error as Error).message}`);
  }
}

/**
 * Loads cases from a file, validating each with the pack's case shape. `toCase` lets a pack map its own
 * data format (a golden JSONL line, say) onto the shared case shape before validation.
 */
export async function loadCaseFile(file: string, toCase: (raw: unknown) => unknown = (raw) => raw): Promise<Case[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CaseFileError(`${file}: cannot read: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  const docs = readDocuments(file, text);
  const stem = basename(file, extname(file));
  return docs.items.map((_item, index) => {
    const raw = mapRecord(file, docs, index, toCase);
    const withId =
      raw && typeof raw === 'object' && !Array.isArray(raw) && !('id' in raw) && docs.items.length === 1
        ? { id: stem, ...raw }
        : raw;
    const parsed = CaseSchema.safeParse(withId);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const line = docs.lineOf(issuePath(issue), index);
    throw new CaseFileError(`${file}:${line}: ${describeIssue(issue)}`);
  });
}
