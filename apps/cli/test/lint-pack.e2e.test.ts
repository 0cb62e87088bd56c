import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const HANDLER = [
  'export async function handler(event) {',
  '  const id = event.pathParameters.id;',
  '  const sql = "SELECT * FROM orders WHERE id = " + id;',
  '  return db.query(sql);',
  '}',
];
const OTHER = [
  'def handler(event, context):',
  '    path = "/srv/reports/" + event["queryStringParameters"]["file"]',
  '    return open(path).read()',
];

const caseYaml = (id: string, input: string[], lines: string, quote: string) =>
  [
    `id: ${id}`,
    `name: ${id}`,
    'input: |',
    ...input.map((line) => `  ${line}`),
    'expectedFindings:',
    `  - id: ${id}-finding`,
    '    description: A request value reaches the query or the file system unchecked.',
    '    severity: high',
    `    lines: ${lines}`,
    `    quote: ${JSON.stringify(quote)}`,
    'expectedAbsent:',
    '  - the missing type annotations',
    '',
  ].join('\n');

/** A pack folder outside the workspace with these case files (name -> YAML). */
function packWith(cases: Record<string, string>): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'evalpacks-lint-')), 'tiny');
  for (const sub of ['src', 'prompts', 'cases']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  writeFileSync(join(dir, 'prompts', 'baseline.md'), '# Role\nA reviewer.\n');
  writeFileSync(
    join(dir, 'src', 'index.ts'),
    "import { definePack } from '@evalpacks/core';\n" +
      "export default definePack({ name: 'tiny', description: 'a tiny pack', root: new URL('..', import.meta.url) });\n",
  );
  for (const [name, text] of Object.entries(cases)) writeFileSync(join(dir, 'cases', name), text);
  return dir;
}

/** A clean case: nothing to find, one tempting false finding. */
const SAFE = [
  'name: parameterised',
  'input: |',
  '  export const handler = async (event) =>',
  '    pool.query("SELECT total FROM invoices WHERE id = $1", [event.pathParameters.id]);',
  'expectedAbsent:',
  '  - the query as SQL injection',
  '',
].join('\n');

const CLEAN = {
  'orders.yaml': caseYaml('orders', HANDLER, '[3, 3]', 'WHERE id = " + id'),
  'reports.yaml': caseYaml('reports', OTHER, '[2, 3]', 'open(path)'),
  'safe.yaml': SAFE,
};

describe('pnpm lint-pack', () => {
  it('passes a clean pack with exit 0', async () => {
    const result = await runCli(['lint-pack', '--pack', packWith(CLEAN)]);
    expect([result.code, result.stderr, result.stdout]).toEqual([0, '', 'tiny: clean\n']);
  });

  it('fails with exit 1, naming file and line, on a finding citing a line that is not there and a near-duplicate', async () => {
    const dir = packWith({
      ...CLEAN,
      'orders.yaml': caseYaml('orders', HANDLER, '[3, 12]', 'WHERE id = " + id'),
      'orders-copy.yaml': caseYaml(
        'orders-copy',
        HANDLER.map((line) => line.replace('id;', 'id ;')),
        '[3, 3]',
        'WHERE',
      ),
    });
    const result = await runCli(['lint-pack', '--pack', dir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const cases = join(dir, 'cases');
    expect(result.stdout.split('\n')).toEqual([
      `${cases}/orders.yaml:13 expectedFindings.0.lines: case "orders" finding "orders-finding": line 12 is past the end of the input (5 lines)`,
      expect.stringMatching(
        new RegExp(
          `^${cases}/orders.yaml:3 input: case "orders" is a near-duplicate of case "orders-copy" \\(cases/orders-copy.yaml:3\\): ` +
            'their inputs are 9\\d\\.\\d% alike \\(character-trigram Dice\\), above 90%$',
        ),
      ),
      'tiny: 2 problems',
      '',
    ]);
  });

  it('refuses --domain with --pack with exit 2', async () => {
    const result = await runCli(['lint-pack', '--domain', 'x', '--pack', 'y']);
    expect([result.code, result.stderr]).toEqual([2, 'evalpacks: use either --domain NAME or --pack PATH, not both\n']);
  });
});
