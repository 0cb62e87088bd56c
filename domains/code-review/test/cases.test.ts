import { describe, expect, it } from 'vitest';
import { rawCases } from './support.ts';

/**
 * The pack's coverage categories and the CWE ids a case of each may carry (any one of them); performance and
 * reliability are not weaknesses with a CWE of their own.
 */
const CATEGORIES: Record<string, readonly number[]> = {
  'sql-injection': [89],
  'nosql-injection': [943],
  'command-injection': [78],
  'path-traversal': [22],
  'broken-authorization': [639, 284, 285, 862, 863],
  'data-exposure': [200, 532, 359, 209, 312],
  'hardcoded-secret': [798],
  ssrf: [918],
  'unsafe-deserialization': [502],
  'weak-crypto': [327, 328, 330, 338, 208, 916],
  'race-idempotency': [362, 367],
  'unbounded-resource': [400, 770, 1333],
  performance: [],
  reliability: [],
};
const LANGUAGES = ['typescript', 'python'];

interface RawFinding {
  id: string;
  severity: string;
  rationale?: unknown;
  lines?: unknown;
  quote?: unknown;
  keywords?: unknown;
  cwe?: unknown;
}

interface RawCase {
  id: string;
  input: string;
  split?: unknown;
  category?: unknown;
  difficulty?: unknown;
  tags?: unknown;
  rationale?: unknown;
  expectedFindings?: RawFinding[];
  expectedAbsent?: unknown[];
  acceptable?: unknown[];
}

const cases = (await rawCases()) as unknown as RawCase[];
const tagsOf = (raw: RawCase): string[] => (Array.isArray(raw.tags) ? raw.tags.map(String) : []);
const isClean = (raw: RawCase) => (raw.expectedFindings ?? []).length === 0;
const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** What is wrong with one cited finding, if anything, named by field. */
function findingProblems(raw: RawCase, finding: RawFinding): string[] {
  const at = `${raw.id}: finding ${finding.id}`;
  const lines = raw.input.replace(/\n$/, '').split('\n');
  const problems: string[] = [];
  if (!nonEmpty(finding.rationale)) problems.push(`${at}: field "rationale" is missing`);
  if (!Array.isArray(finding.keywords) || finding.keywords.length === 0) problems.push(`${at}: no keywords`);
  if (finding.cwe !== undefined && !/^CWE-\d+$/.test(String(finding.cwe))) problems.push(`${at}: cwe is not CWE-NNN`);
  const [first, last] = Array.isArray(finding.lines) ? (finding.lines as unknown[]) : [];
  if (
    !Number.isInteger(first) ||
    !Number.isInteger(last) ||
    (first as number) < 1 ||
    (last as number) < (first as number)
  ) {
    return [...problems, `${at}: field "lines" is not [first, last]`];
  }
  if ((last as number) > lines.length) return [...problems, `${at}: line ${last} is past the input's ${lines.length}`];
  const cited = lines.slice((first as number) - 1, last as number);
  if (!nonEmpty(finding.quote)) problems.push(`${at}: field "quote" is missing`);
  else if (!cited.some((line) => line.includes(String(finding.quote)))) {
    problems.push(`${at}: quote ${JSON.stringify(finding.quote)} is not on lines ${first}-${last}`);
  }
  return problems;
}

/** What is wrong with a case's own fields, if anything. */
function caseProblems(raw: RawCase): string[] {
  const problems: string[] = [];
  const tags = tagsOf(raw);
  const category = String(raw.category);
  if (raw.split !== 'dev' && raw.split !== 'test') problems.push(`${raw.id}: split is not dev or test`);
  if (!['basic', 'subtle', 'expert'].includes(String(raw.difficulty))) problems.push(`${raw.id}: bad difficulty`);
  if (!nonEmpty(raw.rationale)) problems.push(`${raw.id}: field "rationale" is missing`);
  if (!(category in CATEGORIES)) problems.push(`${raw.id}: unknown category "${category}"`);
  if (tags.filter((tag) => LANGUAGES.includes(tag)).length !== 1) problems.push(`${raw.id}: no single language tag`);
  const cwes = (CATEGORIES[category] ?? []).map((id) => `cwe-${id}`);
  if (cwes.length > 0 && !tags.some((tag) => cwes.includes(tag))) {
    problems.push(`${raw.id}: a ${category} case needs one of the tags ${cwes.join(', ')}`);
  }
  if (isClean(raw) !== tags.includes('clean')) problems.push(`${raw.id}: tagged clean iff it expects no findings`);
  const ids = (raw.expectedFindings ?? []).map((finding) => finding.id);
  if (new Set(ids).size !== ids.length) problems.push(`${raw.id}: two findings share an id`);
  return problems;
}

describe('the case files', () => {
  it('give every case a split, a known category, a difficulty, a language, a rationale and its CWE', () => {
    expect(cases.flatMap(caseProblems)).toEqual([]);
  });

  it('cite every finding by lines that exist and hold its quote, with a rationale and keywords', () => {
    expect(cases.flatMap((raw) => (raw.expectedFindings ?? []).flatMap((f) => findingProblems(raw, f)))).toEqual([]);
  });

  it('give every clean case two or more baits and nothing acceptable, since any finding there fails', () => {
    const weak = cases
      .filter(isClean)
      .filter((raw) => (raw.expectedAbsent ?? []).length < 2 || (raw.acceptable ?? []).length > 0)
      .map((raw) => raw.id);
    expect(weak).toEqual([]);
  });

  it('keep at least a quarter clean, 50-70% in dev, and a fifth or more at each difficulty', () => {
    const share = (keep: (raw: RawCase) => boolean) => cases.filter(keep).length / cases.length;
    expect(share(isClean)).toBeGreaterThanOrEqual(0.25);
    expect(share((raw) => raw.split === 'dev')).toBeGreaterThanOrEqual(0.5);
    expect(share((raw) => raw.split === 'dev')).toBeLessThanOrEqual(0.7);
    for (const level of ['basic', 'subtle', 'expert']) {
      expect(
        share((raw) => raw.difficulty === level),
        level,
      ).toBeGreaterThanOrEqual(0.2);
    }
  });

  it('cover every category with at least two TypeScript cases', () => {
    const typescript = cases.filter((raw) => tagsOf(raw).includes('typescript'));
    const thin = Object.keys(CATEGORIES).filter(
      (category) => typescript.filter((raw) => raw.category === category).length < 2,
    );
    expect(thin).toEqual([]);
  });
});
