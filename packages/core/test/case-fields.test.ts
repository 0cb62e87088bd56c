import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseFile } from '../src/pack/case-file.ts';
import { CaseSchema } from '../src/schema/case.ts';
import { casesInSplit, fnv1a32, splitOf, splitOfId } from '../src/schema/split.ts';

const temp = (name: string, text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'evalpacks-fields-')), name);
  writeFileSync(file, text);
  return file;
};

const FULL = `id: order-lookup
name: Order lookup by id
split: test
category: sql-injection
difficulty: subtle
tags: [python, cwe-89]
rationale: The classic string-built query.
input: |
  def handler(event, context):
      order_id = event["pathParameters"]["id"]
      cur.execute(f"SELECT * FROM orders WHERE id = '{order_id}'")
expectedFindings:
  - id: order-id-sql-injection
    description: The order id goes into the SQL text; any caller can read every order.
    severity: critical
    rationale: Untrusted input in a query is the textbook injection.
    cwe: CWE-89
    lines: [3, 3]
    quote: WHERE id = '{order_id}'
acceptable:
  - the handler does not log the request id
expectedAbsent:
  - the use of f-strings as a style issue
expectedEndState:
  refunds: []
`;

/** The error a one-line case file with this extra YAML raises (the case is otherwise valid). */
const errorOf = (extra: string) =>
  loadCaseFile(temp('bad.yaml', `id: a\nname: A\ninput: x\n${extra}`)).then(
    () => 'loaded',
    (error: Error) => error.message.replace(/^.*bad\.yaml/, 'bad.yaml'),
  );

describe('the case fields of issue 23', () => {
  it('loads every new case and finding field as written', async () => {
    const [testCase] = await loadCaseFile(temp('full.yaml', FULL));
    expect(testCase).toMatchObject({
      split: 'test',
      category: 'sql-injection',
      difficulty: 'subtle',
      tags: ['python', 'cwe-89'],
      rationale: 'The classic string-built query.',
      acceptable: ['the handler does not log the request id'],
      expectedEndState: { refunds: [] },
      expectedFindings: [
        {
          id: 'order-id-sql-injection',
          rationale: 'Untrusted input in a query is the textbook injection.',
          cwe: 'CWE-89',
          lines: [3, 3],
          quote: "WHERE id = '{order_id}'",
        },
      ],
    });
  });

  it('names the file, the line and the field of every new field written wrong', async () => {
    expect(await errorOf('split: train\n')).toBe('bad.yaml:4: field "split": use dev or test');
    expect(await errorOf('difficulty: hard\n')).toBe('bad.yaml:4: field "difficulty": use basic, subtle or expert');
    expect(await errorOf('category: SQL Injection\n')).toBe(
      'bad.yaml:4: field "category": use lowercase letters, digits and dashes (e.g. "sql-injection")',
    );
    expect(await errorOf('tags: [ok, ""]\n')).toBe(
      'bad.yaml:4: field "tags.1": Too small: expected string to have >=1 characters',
    );
    expect(await errorOf('acceptable: nothing\n')).toBe(
      'bad.yaml:4: field "acceptable": Invalid input: expected array, received string',
    );
    const finding = (extra: string) =>
      errorOf(`expectedFindings:\n  - id: f\n    description: d\n    severity: low\n${extra}`);
    expect(await finding('    cwe: 89\n')).toBe(
      'bad.yaml:8: field "expectedFindings.0.cwe": Invalid input: expected string, received number',
    );
    expect(await finding('    cwe: CWE89\n')).toBe(
      'bad.yaml:8: field "expectedFindings.0.cwe": write it as CWE-<number>, e.g. CWE-89',
    );
    expect(await finding('    lines: [5, 3]\n')).toBe(
      'bad.yaml:8: field "expectedFindings.0.lines": the first line comes after the last',
    );
    expect(await finding('    lines: [0, 3]\n')).toBe(
      'bad.yaml:8: field "expectedFindings.0.lines.0": lines count from 1',
    );
    expect(await finding('    lines: 4\n')).toBe(
      'bad.yaml:8: field "expectedFindings.0.lines": give [first, last]: two line numbers of the input, counting from 1',
    );
    expect(await finding('    quote: ""\n')).toBe(
      'bad.yaml:8: field "expectedFindings.0.quote": Too small: expected string to have >=1 characters',
    );
  });

  it('names the line of a JSONL record whose new field is wrong', async () => {
    const file = temp(
      'lines.jsonl',
      '{"id":"a","name":"A","input":"x"}\n{"id":"b","name":"B","input":"x","difficulty":"easy"}\n',
    );
    await expect(loadCaseFile(file)).rejects.toThrow(
      /lines\.jsonl:2: field "difficulty": use basic, subtle or expert$/,
    );
  });

  it('keeps a case without the new fields valid, its split decided by its id', async () => {
    const testCase = CaseSchema.parse({ id: 'plain', name: 'Plain', input: 'x' });
    expect(testCase).not.toHaveProperty('category');
    expect(splitOf(testCase)).toBe(splitOfId('plain'));
    expect(splitOf({ ...testCase, split: 'test' })).toBe('test');
    const [loaded] = await loadCaseFile(temp('plain.yaml', 'name: Plain\ninput: x\n'));
    expect(loaded && splitOf(loaded)).toBe(splitOfId('plain'));
  });
});

describe('splitOfId', () => {
  it('is FNV-1a 32-bit of the id, mod 100, below 60 for dev', () => {
    // Published FNV-1a 32-bit test vectors.
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    for (const id of ['a', 'foobar', 'ticket-17', 'sql-injection-3']) {
      expect(splitOfId(id)).toBe(fnv1a32(id) % 100 < 60 ? 'dev' : 'test');
    }
  });

  it('puts about 60% of many ids in dev, and the same ids in the same split every time', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `case-${i}`);
    const dev = ids.filter((id) => splitOfId(id) === 'dev').length;
    expect(dev / ids.length).toBeGreaterThan(0.56);
    expect(dev / ids.length).toBeLessThan(0.64);
    expect(ids.map(splitOfId)).toEqual(ids.map(splitOfId));
  });

  it('casesInSplit keeps the order and splits the cases into two disjoint halves of the whole', () => {
    const cases = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({ id, split: i % 3 === 0 ? 'test' : 'dev' }) as const);
    const unset = cases.map(({ id }) => ({ id }));
    expect(casesInSplit(unset, 'dev')).toEqual(unset.filter(({ id }) => splitOfId(id) === 'dev'));
    const dev = casesInSplit(cases, 'dev').map((c) => c.id);
    const test = casesInSplit(cases, 'test').map((c) => c.id);
    expect(dev).toEqual(['b', 'c', 'e', 'f']);
    expect(test).toEqual(['a', 'd']);
    expect(casesInSplit(cases, 'all').map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
