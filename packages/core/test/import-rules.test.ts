import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The rules `pnpm lint` runs (root .dependency-cruiser.cjs), cruised through dependency-cruiser's own API:
// the real tree has no violation, and a copy of core with one new import gets exactly the rule it breaks.
const ROOT = resolve(import.meta.dirname, '../../..');
const config: IConfiguration = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs'));

async function violations(baseDir: string, paths: string[]) {
  const { output } = await cruise(paths, {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    baseDir,
  });
  if (typeof output === 'string') throw new Error('dependency-cruiser gave text, not a result');
  return output.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    cycle: v.cycle?.map((step) => step.name),
  }));
}

describe('import rules (pnpm lint)', () => {
  let copy: string;
  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'evalpacks-import-rules-'));
    await cp(join(ROOT, 'packages/core/src'), join(copy, 'packages/core/src'), { recursive: true });
  });
  afterAll(() => rm(copy, { recursive: true, force: true }));

  it('finds no violation in core and the packs as they are', async () => {
    expect(await violations(ROOT, ['packages/core/src', 'domains'])).toEqual([]);
  });

  it('fails on a new circular import between two core folders, naming the loop', async () => {
    // grade/ is below report/ (report imports grade): one import back makes the two folders a circle.
    const file = join(copy, 'packages/core/src/grade/reaches-back.ts');
    await writeFile(file, "export { visible } from '../report/visible.ts';\n");
    try {
      const found = await violations(copy, ['packages/core/src']);
      expect(found.map((v) => v.rule)).toEqual(found.map(() => 'core-folders-no-cycle'));
      expect(found).toContainEqual(
        expect.objectContaining({
          from: 'packages/core/src/grade',
          to: 'packages/core/src/report',
          cycle: ['packages/core/src/report', 'packages/core/src/grade'],
        }),
      );
    } finally {
      await rm(file);
    }
  });

  it('fails when core imports a backend', async () => {
    const file = join(copy, 'packages/core/src/schema/talks-to-ollama.ts');
    await writeFile(file, "export { Ollama } from 'ollama';\n");
    try {
      expect(await violations(copy, ['packages/core/src'])).toEqual([
        {
          rule: 'core-imports-no-backend',
          from: 'packages/core/src/schema/talks-to-ollama.ts',
          to: 'ollama',
          cycle: undefined,
        },
      ]);
    } finally {
      await rm(file);
    }
  });
});
