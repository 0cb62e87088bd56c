import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { InputError } from '../errors/input-error.ts';
import { loadCaseFileLines } from '../pack/case-file.ts';
import type { Pack } from '../pack/define-pack.ts';
import { loadPackCaseFiles, packCaseFiles } from '../pack/load-pack.ts';
import { referenceAnswerProblems } from '../pack/reference-answers.ts';
import type { Case } from '../schema/case.ts';
import { findingProblems } from './finding-lines.ts';
import { type LintCase, type LintProblem, problemFromMessage } from './lint-problem.ts';
import { categoryProblems, shareProblems } from './pack-shares.ts';
import { diceBound, diceSimilarity, trigrams } from './similarity.ts';

export { formatLintProblem, type LintProblem } from './lint-problem.ts';

/** The bounds pack lint holds a pack to (issue 23). */
export const LINT_LIMITS = {
  /** Two cases whose inputs are more alike than this (trigram Dice, see similarity.ts) are near-duplicates. */
  nearDuplicate: 0.9,
  minCasesPerCategory: 3,
  /** Of packs whose cases expect findings: the least share of clean (bait) cases. */
  minBaitShare: 0.25,
  /** The share of dev cases, for packs of at least `splitFromCases` cases. */
  devShare: [0.5, 0.7] as const,
  splitFromCases: 10,
};

/** Later cases whose input is a near-duplicate of an earlier one's, each named at its input. */
function duplicateProblems(pack: Pack, cases: readonly LintCase[]): LintProblem[] {
  // Shortest first: a pair whose lengths alone keep it under the limit ends the inner loop.
  const grams = cases.map((item, order) => ({ item, order, grams: trigrams(item.testCase.input) }));
  const sorted = [...grams].sort((a, b) => a.grams.size - b.grams.size);
  const found = new Map<number, { other: (typeof grams)[number]; similarity: number }>();
  for (const [i, a] of sorted.entries()) {
    for (const b of sorted.slice(i + 1)) {
      if (diceBound(a.grams, b.grams) <= LINT_LIMITS.nearDuplicate) break;
      const similarity = diceSimilarity(a.grams, b.grams);
      if (similarity <= LINT_LIMITS.nearDuplicate) continue;
      const [first, later] = a.order < b.order ? [a, b] : [b, a];
      if (!found.has(later.order)) found.set(later.order, { other: first, similarity });
    }
  }
  return [...found.entries()]
    .sort(([x], [y]) => x - y)
    .map(([order, { other, similarity }]) => {
      const { item } = grams[order] as (typeof grams)[number];
      // The other case as the pack names it (cases/x.yaml:3): the problem's own file is printed in full.
      const where = `${relative(pack.root, other.item.file)}:${other.item.lineOf(['input'])}`;
      return {
        file: item.file,
        line: item.lineOf(['input']),
        field: 'input',
        message:
          `case "${item.testCase.id}" is a near-duplicate of case "${other.item.testCase.id}" (${where}): ` +
          `their inputs are ${(similarity * 100).toFixed(1)}% alike (character-trigram Dice), above ` +
          `${LINT_LIMITS.nearDuplicate * 100}%`,
      };
    });
}

/** Reference answers, once the pack has any: every case needs one that passes its checks. */
async function fixtureProblems(pack: Pack, cases: readonly Case[]): Promise<LintProblem[]> {
  const names = await readdir(join(pack.root, 'fixtures')).catch(() => [] as string[]);
  if (!names.some((name) => name.endsWith('.json'))) return [];
  const problems = await referenceAnswerProblems(pack, cases);
  return problems.map((problem) => problemFromMessage(problem.message, problem.file, 'fixture'));
}

/**
 * Everything pack lint finds wrong with a pack's data, in file order; empty for a clean pack. Pure: reads
 * the pack's case files and fixtures through the loader, asks no model. Rules: each finding's `lines`
 * exist in the input and its `quote` is on one of them; every finding says what is wrong; no two inputs
 * are near-duplicates; once a case has a category, every case has one and every category at least 3
 * cases; bait share and dev share within LINT_LIMITS; once the pack has reference answers, every case has
 * one that passes its checks. Case files that do not load are the one problem reported.
 */
export async function lintPack(pack: Pack): Promise<LintProblem[]> {
  let cases: Case[];
  try {
    cases = (await loadPackCaseFiles(pack)).cases;
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return [problemFromMessage(error.message, join(pack.root, 'cases'), '(case file)')];
  }
  const located: LintCase[] = [];
  for (const file of await packCaseFiles(pack)) {
    const source = await loadCaseFileLines(file, pack.toCase);
    source.cases.forEach((testCase, index) => {
      located.push({ testCase, file, lineOf: (path) => source.lineOf(index, path) });
    });
  }
  return [
    ...findingProblems(located),
    ...duplicateProblems(pack, located),
    ...categoryProblems(located, LINT_LIMITS.minCasesPerCategory),
    ...shareProblems(pack, located, LINT_LIMITS),
    ...(await fixtureProblems(pack, cases)),
  ];
}
