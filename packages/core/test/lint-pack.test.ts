import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLintProblem, lintPack } from '../src/lint/lint-pack.ts';
import { diceSimilarity, trigrams } from '../src/lint/similarity.ts';
import { definePack } from '../src/pack/define-pack.ts';

interface Spec {
  id: string;
  split?: 'dev' | 'test';
  category?: string;
  tags?: string[];
  input: string[];
  findings?: { id: string; lines?: [number, number]; quote?: string }[];
  absent?: string[];
}

const HANDLERS: Record<string, string[]> = {
  orders: [
    'export async function handler(event) {',
    '  const id = event.pathParameters.id;',
    '  const sql = "SELECT * FROM orders WHERE id = " + id;',
    '  return db.query(sql);',
    '}',
  ],
  users: [
    'def handler(event, context):',
    '    name = event["queryStringParameters"]["name"]',
    '    cursor.execute("SELECT email FROM users WHERE name = \'%s\'" % name)',
    '    return cursor.fetchall()',
  ],
  files: [
    'import { readFile } from "node:fs/promises";',
    'export const handler = async (event) =>',
    '  readFile("/srv/reports/" + event.queryStringParameters.file, "utf8");',
  ],
  safe: [
    'export async function handler(event) {',
    '  const { rows } = await pool.query("SELECT total FROM invoices WHERE id = $1", [event.pathParameters.id]);',
    '  return rows[0] ?? null;',
    '}',
  ],
};

const yamlOf = (spec: Spec) =>
  [
    `- id: ${spec.id}`,
    `  name: ${spec.id}`,
    ...(spec.split ? [`  split: ${spec.split}`] : []),
    ...(spec.category ? [`  category: ${spec.category}`] : []),
    ...(spec.tags ? [`  tags: [${spec.tags.join(', ')}]`] : []),
    '  input: |',
    ...spec.input.map((line) => `    ${line}`),
    `  expectedFindings:${spec.findings?.length ? '' : ' []'}`,
    ...(spec.findings ?? []).flatMap((finding) => [
      `    - id: ${finding.id}`,
      '      description: The request value goes into the query text.',
      '      severity: high',
      ...(finding.lines ? [`      lines: [${finding.lines.join(', ')}]`] : []),
      ...(finding.quote ? [`      quote: ${JSON.stringify(finding.quote)}`] : []),
    ]),
    ...(spec.absent?.length ? ['  expectedAbsent:', ...spec.absent.map((item) => `    - ${item}`)] : []),
  ].join('\n');

/** The four cases of a clean pack: three injections and one clean look-alike, one category. */
const CLEAN: Spec[] = [
  {
    id: 'orders',
    split: 'dev',
    category: 'injection',
    input: HANDLERS.orders as string[],
    findings: [{ id: 'sqli', lines: [3, 3], quote: 'WHERE id = " + id' }],
  },
  {
    id: 'users',
    split: 'test',
    category: 'injection',
    input: HANDLERS.users as string[],
    findings: [{ id: 'sqli', lines: [2, 3], quote: "'%s'\" % name" }],
  },
  {
    id: 'files',
    split: 'dev',
    category: 'injection',
    input: HANDLERS.files as string[],
    findings: [{ id: 'traversal', lines: [3, 3] }],
  },
  {
    id: 'safe',
    split: 'test',
    category: 'injection',
    tags: ['clean'],
    input: HANDLERS.safe as string[],
    absent: ['the parameterised query as SQL injection'],
  },
];

/** Writes a pack of these cases (one YAML file), with a hand-written reference for each unless told not to. */
function packOf(specs: Spec[], options: { references?: boolean } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'evalpacks-lint-'));
  mkdirSync(join(root, 'cases'));
  mkdirSync(join(root, 'fixtures'));
  const text = `${specs.map(yamlOf).join('\n')}\n`;
  const file = join(root, 'cases', 'cases.yaml');
  writeFileSync(file, text);
  if (options.references !== false) {
    for (const spec of specs) {
      const reference = {
        input: `${spec.input.join('\n')}\n`,
        answer: 'Reviewed.',
        turns: 1,
        latencyMs: 0,
        model: 'hand-written reference',
        sample: true,
      };
      writeFileSync(join(root, 'fixtures', `${spec.id}.json`), JSON.stringify(reference));
    }
  }
  /** The 1-based line of the nth occurrence of `needle` in the case file. */
  const lineOf = (needle: string, nth = 1) => {
    let at = -1;
    for (let i = 0; i < nth; i++) at = text.indexOf(needle, at + 1);
    return text.slice(0, at).split('\n').length;
  };
  return { pack: definePack({ name: 'lint-me', description: 'd', root }), file, root, lineOf };
}

const lint = async (made: ReturnType<typeof packOf>) => (await lintPack(made.pack)).map((p) => formatLintProblem(p));

describe('lintPack', () => {
  it('passes a clean pack', async () => {
    expect(await lint(packOf(CLEAN))).toEqual([]);
  });

  it('names file and line of a finding citing a line the input does not have, or a quote not on its lines', async () => {
    const [orders, users, ...rest] = CLEAN as [Spec, Spec, ...Spec[]];
    const made = packOf([
      { ...orders, findings: [{ id: 'sqli', lines: [3, 9] }] },
      { ...users, findings: [{ id: 'sqli', lines: [1, 2], quote: "'%s'\" % name" }] },
      ...rest,
    ]);
    expect(await lint(made)).toEqual([
      `${made.file}:${made.lineOf('lines: [3, 9]')} expectedFindings.0.lines: case "orders" finding "sqli": line 9 is past the end of the input (5 lines)`,
      `${made.file}:${made.lineOf('quote:', 1)} expectedFindings.0.quote: case "users" finding "sqli": "'%s'" % name" is not on lines 1–2 of the input`,
    ]);
  });

  it('names the later of two near-duplicate cases at its input, and the earlier one', async () => {
    const safe = CLEAN[3] as Spec;
    const copy = { ...safe, id: 'safe-again', input: safe.input.map((line) => line.replace('invoices', 'invoice')) };
    const made = packOf([...CLEAN, copy]);
    const [problem, ...others] = await lint(made);
    expect(others).toEqual([]);
    expect(problem).toMatch(
      new RegExp(
        `^${made.file}:${made.lineOf('input: |', 5)} input: case "safe-again" is a near-duplicate of case "safe" ` +
          `\\(cases/cases.yaml:${made.lineOf('input: |', 4)}\\): their inputs are 9\\d\\.\\d% alike \\(character-trigram Dice\\), above 90%$`,
      ),
    );
  });

  it('asks for a category on every case once one has it, and three cases in each', async () => {
    const [orders, users, files, safe] = CLEAN as [Spec, Spec, Spec, Spec];
    const made = packOf([orders, users, { ...files, category: 'path-traversal' }, { ...safe, category: undefined }]);
    expect(await lint(made)).toEqual([
      `${made.file}:${made.lineOf('- id: safe')} category: case "safe" has no category, while other cases of the pack have one`,
      `${made.file}:${made.lineOf('category: injection')} category: category "injection" has 2 cases (orders, users); every category needs at least 3`,
      `${made.file}:${made.lineOf('category: path-traversal')} category: category "path-traversal" has 1 case (files); every category needs at least 3`,
    ]);
    // A pack that names no category is not asked for any.
    const none = packOf(CLEAN.map((spec) => ({ ...spec, category: undefined })));
    expect(await lint(none)).toEqual([]);
  });

  it('holds the bait share to a quarter and the dev share to 50–70% from ten cases on', async () => {
    const [orders, users, files] = CLEAN as [Spec, Spec, Spec];
    const noBait = packOf([orders, users, files]);
    expect(await lint(noBait)).toEqual([
      `${join(noBait.root, 'cases')} expectedAbsent: bait share 0% (0 of 3 cases clean: no expected finding and an expectedAbsent item, or tag clean) is below 25%; add clean cases`,
    ]);
    const many = Array.from({ length: 10 }, (_, i) => ({
      id: `handler-${i}`,
      split: 'dev' as const,
      input: [
        `export const handler${i} = async () => "${'abcdefghij'.slice(i)}${i * 7919}";`,
        `// ${String(i).repeat(i + 1)}`,
      ],
      absent: ['a missing docstring'],
    }));
    const allDev = packOf(many);
    expect(await lint(allDev)).toEqual([
      `${join(allDev.root, 'cases')} split: dev share 100% (10 of 10 cases) is outside 50%–70%; move cases between split: dev and split: test`,
    ]);
  });

  it('asks every case for a reference answer once the pack has any, and reports a case file that does not load', async () => {
    const made = packOf(CLEAN);
    rmSync(join(made.root, 'fixtures', 'safe.json'));
    expect(await lint(made)).toEqual([
      `${join(made.root, 'fixtures', 'safe.json')} fixture: case "safe" has no reference answer: write ${join(made.root, 'fixtures', 'safe.json')}`,
    ]);
    expect(await lint(packOf(CLEAN, { references: false }))).toEqual([]);
    const broken = packOf(CLEAN);
    writeFileSync(broken.file, '- id: a\n  name: A\n  input: x\n  difficulty: hard\n');
    expect(await lint(broken)).toEqual([`${broken.file}:4 difficulty: use basic, subtle or expert`]);
  });
});

describe('diceSimilarity', () => {
  it('is 1 for texts equal up to case and whitespace, 0 for texts with no trigram in common', () => {
    expect(diceSimilarity(trigrams('SELECT  *\nFROM t'), trigrams('select * from t'))).toBe(1);
    expect(diceSimilarity(trigrams('abcdef'), trigrams('uvwxyz'))).toBe(0);
    // "abcd" has abc, bcd; "abce" has abc, bce: one shared of two each.
    expect(diceSimilarity(trigrams('abcd'), trigrams('abce'))).toBe(0.5);
  });
});
