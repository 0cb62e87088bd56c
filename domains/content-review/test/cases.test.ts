/**
 * What the issue-23 standards ask of the pack's drafts, read from the case files as written: every count
 * comes from the data, so a draft added (or a pack of a user's own) keeps these tests meaningful.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coverageTable, withTable } from '../scripts/coverage.ts';
import { GENRE_IDS } from '../src/genres.ts';
import { packCases, tagsOf } from './support.ts';

/** The pack's coverage categories: what kind of problem a draft plants (or, for a clean draft, baits). */
const CATEGORIES = [
  'factual-error',
  'missing-step',
  'step-order',
  'unsupported-claim',
  'outdated-api',
  'structure',
  'clarity',
];
const MIN_PER_CATEGORY = 3;

const cases = await packCases();
const inputLines = (input: string) => input.replace(/\n$/, '').split('\n');

describe('content-review drafts', () => {
  it.each(cases.map(({ raw }) => [raw.id, raw] as const))(
    '%s has a split, a category, a difficulty, one genre and a rationale',
    (_, raw) => {
      expect(['dev', 'test']).toContain(raw.split);
      expect(CATEGORIES).toContain(raw.category);
      expect(['basic', 'subtle', 'expert']).toContain(raw.difficulty);
      expect(tagsOf(raw).filter((tag) => (GENRE_IDS as string[]).includes(tag))).toHaveLength(1);
      expect(typeof raw.rationale).toBe('string');
    },
  );

  it.each(cases.map(({ raw }) => [raw.id, raw] as const))(
    '%s cites each finding on lines that hold its quote',
    (_, raw) => {
      const lines = inputLines(raw.input);
      for (const finding of raw.expectedFindings ?? []) {
        const [first, last] = finding.lines as [number, number];
        expect(first, `${finding.id}`).toBeGreaterThanOrEqual(1);
        expect(last, `${finding.id}`).toBeGreaterThanOrEqual(first);
        expect(last, `${finding.id}`).toBeLessThanOrEqual(lines.length);
        const cited = lines.slice(first - 1, last);
        expect(
          cited.some((line) => line.includes(finding.quote as string)),
          `${finding.id}: "${finding.quote}" on lines ${first}-${last}`,
        ).toBe(true);
        expect(typeof finding.rationale, `${finding.id}`).toBe('string');
      }
    },
  );

  it.each(cases.map(({ raw }) => [raw.id, raw] as const))(
    '%s is tagged clean exactly when it expects no findings, and baits a clean draft',
    (_, raw) => {
      const clean = (raw.expectedFindings ?? []).length === 0;
      expect(tagsOf(raw).includes('clean')).toBe(clean);
      if (clean) expect((raw.expectedAbsent as string[] | undefined)?.length ?? 0).toBeGreaterThanOrEqual(2);
    },
  );

  it(`has at least ${MIN_PER_CATEGORY} drafts in every category it uses`, () => {
    const counts = new Map<string, number>();
    for (const { raw } of cases) counts.set(String(raw.category), (counts.get(String(raw.category)) ?? 0) + 1);
    const thin = [...counts].filter(([, n]) => n < MIN_PER_CATEGORY);
    expect(thin).toEqual([]);
  });

  it('has at least a quarter clean drafts', () => {
    const clean = cases.filter(({ raw }) => (raw.expectedFindings ?? []).length === 0).length;
    expect(clean / cases.length).toBeGreaterThanOrEqual(0.25);
  });

  it('puts 55-65% of its drafts in dev', () => {
    const dev = cases.filter(({ raw }) => raw.split === 'dev').length / cases.length;
    expect(dev).toBeGreaterThanOrEqual(0.55);
    expect(dev).toBeLessThanOrEqual(0.65);
  });

  it('has unique finding ids within each draft', () => {
    for (const { raw } of cases) {
      const ids = (raw.expectedFindings ?? []).map((finding) => finding.id);
      expect(new Set(ids).size, raw.id).toBe(ids.length);
    }
  });

  it("keeps the README's coverage table in step with the case files", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(withTable(readme, coverageTable(cases.map(({ raw }) => raw))));
  });
});
