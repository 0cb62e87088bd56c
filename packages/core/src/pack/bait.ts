import type { Case } from '../schema/case.ts';

/** A clean case: nothing to find and bait a careful answer leaves alone, or tagged `clean`. */
export function isBait(testCase: Case): boolean {
  return (
    (testCase.expectedFindings.length === 0 && testCase.expectedAbsent.length > 0) ||
    (testCase.tags ?? []).includes('clean')
  );
}
