import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, extname } from 'node:path';
import type * as Yaml from 'yaml';
import type { z } from 'zod';
import { InputError } from '../errors/input-error.ts';
import { type Case, CaseSchema } from '../schema/case.ts';

/** A case file that failed to load; the message names the file, the line and the field. */
export class CaseFileError extends InputError {
  override name = 'CaseFileError';
}

export interface Documents {
  items: unknown[];
  /** The line of a field of item i, for error messages. */
  lineOf(path: PropertyKey[], i: number): number;
}

const MB = 1024 * 1024;
/**
 * The largest case file read. The YAML parser holds about 60 bytes per byte of text (a 10 MB file took
 * 638 MB), JSON.parse a few; both limits keep loading a file well under 300 MB.
 */
export const CASE_FILE_LIMIT = { yaml: 4 * MB, json: 32 * MB } as const;

const isJson = (file: string) => ['.json', '.jsonl'].includes(extname(file).toLowerCase());

/** The 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * A JSON document parsed as JSON. Lines for error messages come from the YAML parser (JSON is YAML),
 * which runs only when an error needs a line and only on a file small enough for it.
 */
function readJson(file: string, text: string): Documents {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8 does not always say where; the YAML parser does, for a file small enough for it.
    if (text.length <= CASE_FILE_LIMIT.yaml) readYaml(file, text, 'json');
    const message = (error as Error).message.split('\n')[0] ?? '';
    const offset = /position (\d+)/.exec(message)?.[1];
    throw new CaseFileError(`${file}${offset ? `:${lineAt(text, Number(offset))}` : ''}: invalid JSON: ${message}`);
  }
  const items = Array.isArray(value) ? value : [value];
  let yamlLines: Documents['lineOf'] | undefined;
  const lineOf = (path: PropertyKey[], index: number): number => {
    if (text.length > CASE_FILE_LIMIT.yaml) return 1;
    yamlLines ??= readYaml(file, text).lineOf;
    return yamlLines(path, index);
  };
  return { items, lineOf };
}

/** A JSONL file parsed one line at a time, each line's number kept for error messages. */
function readJsonLines(file: string, text: string): Documents {
  const items: unknown[] = [];
  const lines: number[] = [];
  for (let start = 0, line = 1; start < text.length; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const record = text.slice(start, end);
    start = end + 1;
    if (record.trim() === '') continue;
    try {
      items.push(JSON.parse(record));
      lines.push(line);
    } catch (error) {
      throw new CaseFileError(`${file}:${line}: invalid JSON: ${(error as Error).message}`);
    }
  }
  return { items, lineOf: (_path, i) => lines[i] ?? 1 };
}

/** Reads one YAML/JSON document (a case or a list of cases) or a JSONL file (a case per line). */
export function readDocuments(file: string, text: string): Documents {
  const ext = extname(file).toLowerCase();
  if (ext === '.json') return readJson(file, text);
  if (ext === '.jsonl') return readJsonLines(file, text);
  return readYaml(file, text);
}

let yamlModule: typeof Yaml | undefined;

/**
 * The YAML parser, loaded on the first YAML file rather than with core: importing it cost ~40 ms of CPU at
 * every start-up, also for runs that read JSON cases only. Synchronous (the package is CommonJS), so the
 * readers keep their signatures.
 */
function yaml(): typeof Yaml {
  yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  return yamlModule;
}

/** `schema: 'json'` makes the parser as strict as JSON, to find where JSON.parse gave up. */
function readYaml(file: string, text: string, schema?: 'json'): Documents {
  const { LineCounter, parseDocument } = yaml();
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, ...(schema && { schema }) });
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
export function issuePath(issue: z.core.$ZodIssue): PropertyKey[] {
  return issue.code === 'unrecognized_keys' && issue.keys[0] ? [...issue.path, issue.keys[0]] : issue.path;
}

export function describeIssue(issue: z.core.$ZodIssue): string {
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

/** A case file's cases with where each field of each is, for messages that point at a line (pack lint). */
export interface CaseFileLines {
  file: string;
  cases: Case[];
  /** The line of a field of the case at `index` in the file (its record's line when the field is not there). */
  lineOf(index: number, path: PropertyKey[]): number;
}

async function readCaseText(file: string): Promise<string> {
  try {
    const limit = isJson(file) ? CASE_FILE_LIMIT.json : CASE_FILE_LIMIT.yaml;
    const { size } = await stat(file);
    if (size > limit) {
      throw new CaseFileError(
        `${file}: ${(size / MB).toFixed(1)} MB is more than a ${isJson(file) ? 'JSON' : 'YAML'} case file may hold ` +
          `(${limit / MB} MB); split it into several files${isJson(file) ? '' : ', or write it as JSONL'}`,
      );
    }
    return await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof CaseFileError) throw error;
    throw new CaseFileError(`${file}: cannot read: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

/** Every case of the parsed documents, validated; the first invalid one is an error naming its line. */
function casesOf(file: string, docs: Documents, toCase: (raw: unknown) => unknown): Case[] {
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

/**
 * Loads cases from a file, validating each with the pack's case shape. `toCase` lets a pack map its own
 * data format (a golden JSONL line, say) onto the shared case shape before validation.
 */
export async function loadCaseFile(file: string, toCase: (raw: unknown) => unknown = (raw) => raw): Promise<Case[]> {
  return casesOf(file, readDocuments(file, await readCaseText(file)), toCase);
}

/**
 * loadCaseFile, keeping the parsed document to say on which line each field is. It holds the whole parse
 * (YAML's is ~60 bytes per byte of text), so only pack lint uses it, one file at a time; runs never do.
 */
export async function loadCaseFileLines(
  file: string,
  toCase: (raw: unknown) => unknown = (raw) => raw,
): Promise<CaseFileLines> {
  const docs = readDocuments(file, await readCaseText(file));
  return { file, cases: casesOf(file, docs, toCase), lineOf: (index, path) => docs.lineOf(path, index) };
}
