import { trajectoryChecks } from '../checks/case-checks.ts';
import type { Case } from '../schema/case.ts';
import { splitOf } from '../schema/split.ts';
import { plannedDetectable } from '../stats/power.ts';
import { isBait } from './bait.ts';
import type { Pack } from './define-pack.ts';

/** The pass rate eval --list assumes for both sides of a compare: a pack worth comparing on, not a solved one. */
export const ASSUMED_PASS_RATE = 0.7;

/** What a pack holds and how much a compare over it can tell (eval --list). */
export interface PackFigures {
  cases: number;
  dev: number;
  test: number;
  findings: number;
  /** Clean cases (see isBait) over all cases. */
  baitShare: number;
  categories: string[];
  /** The items a compare pairs per side and epoch: structural checks, findings, expectedAbsent items, rubrics. */
  items: number;
  /** The smallest change in pass rate a compare of every case detects at 80% power; Infinity when none. */
  detectable: number;
  /** The pass rate `detectable` assumes for both sides. */
  assumedRate: number;
}

/** The items one answer to a case is graded on, each a pair in a compare. */
function itemsOf(pack: Pack, testCase: Case): number {
  return (
    pack.checks.length +
    trajectoryChecks(pack, testCase).length +
    testCase.expectedFindings.length +
    testCase.expectedAbsent.length +
    (testCase.rubric ? 1 : 0)
  );
}

export function packFigures(pack: Pack, cases: readonly Case[], rate = ASSUMED_PASS_RATE): PackFigures {
  const dev = cases.filter((testCase) => splitOf(testCase) === 'dev').length;
  const items = cases.reduce((sum, testCase) => sum + itemsOf(pack, testCase), 0);
  const categories = [...new Set(cases.flatMap((testCase) => (testCase.category ? [testCase.category] : [])))];
  return {
    cases: cases.length,
    dev,
    test: cases.length - dev,
    findings: cases.reduce((sum, testCase) => sum + testCase.expectedFindings.length, 0),
    baitShare: cases.length === 0 ? 0 : cases.filter(isBait).length / cases.length,
    categories: categories.sort(),
    items,
    detectable: plannedDetectable({ items, cases: cases.length, rate }),
    assumedRate: rate,
  };
}
