import type { RisenPart } from '../schema/check.ts';
import type { CaseResult } from '../schema/result.ts';
import type { JudgedItemKind } from '../schema/verdict.ts';
import { describeItem } from './describe-item.ts';
import { JUDGED_ITEM_PART } from './failures.ts';

/** Everything a case is graded on: its structural checks and its judged items. */
export type ItemKind = 'check' | JudgedItemKind;

/** One item's outcome in one epoch. For an expectedAbsent item, passed means "not flagged". */
export interface ItemOutcome {
  /** Stable across epochs and runs: `check:summary-table`, `finding:nosql-injection`, `absent:absent-1`. */
  key: string;
  kind: ItemKind;
  id: string;
  /** How a person recognises it: the check's name, the finding's id, the expectedAbsent text. */
  label: string;
  part?: RisenPart;
  outcome: 'passed' | 'failed' | 'error' | 'skipped';
}

/** The items of one case result, checks first, in the order the result lists them. */
export function itemOutcomes(result: CaseResult): ItemOutcome[] {
  const checks: ItemOutcome[] = result.checks.map((check) => ({
    key: `check:${check.id}`,
    kind: 'check',
    id: check.id,
    label: check.name,
    part: check.part,
    outcome: check.passed ? 'passed' : 'failed',
  }));
  const judged: ItemOutcome[] = result.verdicts.map((verdict) => ({
    key: `${verdict.kind}:${verdict.itemId}`,
    kind: verdict.kind,
    id: verdict.itemId,
    label: verdict.kind === 'finding' ? verdict.itemId : describeItem(result.case, verdict),
    part: JUDGED_ITEM_PART[verdict.kind],
    outcome:
      verdict.status === 'ok'
        ? verdict.passed
          ? 'passed'
          : 'failed'
        : verdict.status === 'error'
          ? 'error'
          : 'skipped',
  }));
  return [...checks, ...judged];
}
