import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CaseFileError, loadCaseFile } from '../src/pack/case-file.ts';

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
});
