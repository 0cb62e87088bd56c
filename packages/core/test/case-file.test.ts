import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CASE_FILE_LIMIT, CaseFileError, loadCaseFile } from '../src/pack/case-file.ts';

const fixture = (name: string) => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

describe('loadCaseFile', () => {
  it('loads a YAML case, taking its id from the file name and filling defaults', async () => {
    const [testCase] = await loadCaseFile(fixture('good-case.yaml'));
    expect(testCase).toEqual({
      id: 'good-case',
      name: 'Good case',
      description: '',
      input: 'export const handler = async () => ({ statusCode: 200 });\n',
      expectedFindings: [
        {
          id: 'no-auth',
          description: 'The handler does not authenticate the caller',
          severity: 'high',
          keywords: ['auth', 'authoriz'],
        },
      ],
      expectedAbsent: ['the hard-coded status code as a magic number'],
    });
  });

  it('names the file, the line and the field of an invalid value', async () => {
    const error = await loadCaseFile(fixture('bad-severity.yaml')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaseFileError);
    expect((error as Error).message).toMatch(
      /bad-severity\.yaml:8: field "expectedFindings\.0\.severity": Invalid option: expected one of "critical"\|"high"\|"medium"\|"low"$/,
    );
  });

  it('names the line of a JSONL record that lacks a field', async () => {
    await expect(loadCaseFile(fixture('missing-input.jsonl'))).rejects.toThrow(
      /missing-input\.jsonl:3: field "input": Invalid input: expected string, received undefined$/,
    );
  });

  it('reports a file that does not exist', async () => {
    await expect(loadCaseFile(fixture('nope.yaml'))).rejects.toThrow(/nope\.yaml: cannot read: ENOENT$/);
  });

  it('lets a pack map its own record format onto the case shape', async () => {
    const cases = await loadCaseFile(fixture('missing-input.jsonl'), (raw) => ({
      input: 'filled',
      ...(raw as object),
    }));
    expect(cases.map((c) => [c.id, c.input])).toEqual([
      ['a', 'x'],
      ['b', 'filled'],
    ]);
  });

  const temp = (name: string, text: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'evalpacks-cases-')), name);
    writeFileSync(file, text);
    return file;
  };
  const oneCase = (i: number) => ({ id: `c-${i}`, name: `Case ${i}`, input: 'x'.repeat(1000) });

  it('parses a .json file larger than the YAML parser may read as JSON, case by case', async () => {
    const cases = Array.from({ length: 6000 }, (_, i) => oneCase(i));
    const file = temp('many.json', JSON.stringify(cases));
    const loaded = await loadCaseFile(file);
    expect(loaded).toHaveLength(6000);
    expect(loaded[5999]?.id).toBe('c-5999');
  });

  it('refuses a case file over its size limit in one line, before reading it', async () => {
    const json = temp('huge.json', ' '.repeat(CASE_FILE_LIMIT.json + 1));
    await expect(loadCaseFile(json)).rejects.toThrow(
      `${json}: 32.0 MB is more than a JSON case file may hold (32 MB); split it into several files`,
    );
    const yaml = temp('huge.yaml', '#'.repeat(CASE_FILE_LIMIT.yaml + 1));
    await expect(loadCaseFile(yaml)).rejects.toThrow(
      `${yaml}: 4.0 MB is more than a YAML case file may hold (4 MB); split it into several files, or write it as JSONL`,
    );
  });

  it('reads JSONL one line at a time, naming the line of a broken one', async () => {
    const file = temp('lines.jsonl', `${JSON.stringify(oneCase(1))}\n\n${JSON.stringify(oneCase(2))}\n{oops\n`);
    await expect(loadCaseFile(file)).rejects.toThrow(new RegExp(`^${file}:4: invalid JSON: `));
  });
});
