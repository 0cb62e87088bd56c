import type { ItemTally } from '../grade/grade-schema.ts';

const VERB = { check: 'passed', finding: 'caught', absent: 'not flagged', rubric: 'met' } as const;

/** "finding nosql-injection", 'check "Summary table"', 'must not flag "the test key"'. */
export function itemTitle(item: Pick<ItemTally, 'kind' | 'label'>): string {
  if (item.kind === 'finding') return `finding ${item.label}`;
  if (item.kind === 'check') return `check "${item.label}"`;
  if (item.kind === 'absent') return `must not flag "${item.label}"`;
  return 'rubric';
}

/** "caught 2/3", with judge errors and skipped epochs named so the denominator is never a mystery. */
export function itemCount(item: ItemTally): string {
  const extra = [
    item.errors ? `${item.errors} judge error${item.errors === 1 ? '' : 's'}` : '',
    item.skipped ? `${item.skipped} not judged` : '',
  ].filter(Boolean);
  return `${VERB[item.kind]} ${item.passed}/${item.graded}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}
