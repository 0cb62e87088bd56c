import { type CaseStanding, STRUCTURAL_ONLY } from '../grade/case-standing.ts';

/** A case's standing as the console's case lines show it. */
export const STANDING_LABEL: Record<CaseStanding, string> = {
  passed: 'PASS',
  'structural-only': STRUCTURAL_ONLY.toUpperCase(),
  failed: 'FAIL',
  error: 'ERROR',
};

/** ", 3 structural only, not judged": said after a count of passes whenever there are such cases. */
export function structuralOnlyNote(count: number): string {
  return count > 0 ? `, ${count} ${STRUCTURAL_ONLY}, not judged` : '';
}

/** "3 judged items not judged": what a structural-only case's reason says. */
export function itemsNotJudged(count: number): string {
  return `${count} judged item${count === 1 ? '' : 's'} not judged`;
}
