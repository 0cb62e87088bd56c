import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

/** 12 cases: 7 dev, 5 test; 9 with two findings and one bait item, 3 clean with two bait items; 2 categories. */
function listedPack(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'evalpacks-list-')), 'listed');
  for (const sub of ['src', 'prompts', 'cases']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  writeFileSync(join(dir, 'prompts', 'baseline.md'), '# Role\nA reviewer.\n');
  writeFileSync(join(dir, 'prompts', 'strict.md'), '# Role\nA strict reviewer.\n');
  writeFileSync(
    join(dir, 'src', 'index.ts'),
    "import { definePack } from '@evalpacks/core';\n" +
      "export default definePack({ name: 'listed', description: 'twelve cases', root: new URL('..', import.meta.url) });\n",
  );
  const cases = Array.from({ length: 12 }, (_, i) => ({
    id: `c-${i}`,
    name: `c ${i}`,
    input: `input ${i}`,
    split: i < 7 ? 'dev' : 'test',
    category: i < 6 ? 'injection' : 'secrets',
    expectedFindings: i < 9 ? ['a', 'b'].map((id) => ({ id: `${id}-${i}`, description: 'd', severity: 'high' })) : [],
    expectedAbsent: i < 9 ? ['x'] : ['x', 'y'],
    ...(i === 0 && { rubric: 'r' }),
  }));
  writeFileSync(join(dir, 'cases', 'cases.json'), JSON.stringify(cases));
  return dir;
}

describe('pnpm eval --list', () => {
  it('shows cases per split, findings, bait share, categories and the change a compare can detect', async () => {
    const result = await runCli(['eval', '--list', '--pack', listedPack()]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // 34 items (18 findings, 15 bait items, 1 rubric) over 12 cases, both sides at 70%:
    // (t(0.975, 11) + t(0.8, 11)) · √(2 · 0.7 · 0.3 / 34) = 3.076524 · 0.111144 = 0.342 → ±34 points.
    expect(result.stdout).toBe(
      'listed                12 cases (7 dev / 5 test) · 18 findings · bait 25% · 2 categories\n' +
        '                    variants: baseline, strict · detects ±34 pts at 80% power (paired, base 70%)\n' +
        '                    twelve cases\n',
    );
  });
});
