import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeWithCoverage } from '../scripts/coverage.ts';

describe('the README coverage table', () => {
  it('is in step with the case files (pnpm --filter @evalpacks/code-review coverage rewrites it)', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(await readmeWithCoverage(readme));
  });
});
