import type { ItemKind } from '../grade/item-outcomes.ts';
import { type CaseTally, countItems, type ItemTally } from '../grade/reduce-epochs.ts';

/** Items passing under the policy out of the items graded, for one side of one case. */
export interface SideCount {
  passed: number;
  total: number;
}

/** One item graded on both sides. */
export interface PairedItem {
  key: string;
  kind: ItemKind;
  baseline: ItemTally;
  variant: ItemTally;
  /** variant pass rate − baseline pass rate over the epochs each graded it: −1 … 1. */
  difference: number;
}

export interface CaseComparison {
  caseId: string;
  name: string;
  structural: [SideCount, SideCount];
  findings: [SideCount, SideCount];
  /** expectedAbsent items flagged under the policy, baseline then variant. */
  falsePositives: [number, number];
  /** Items whose verdict under the policy went from failed to passed, and the reverse. */
  gained: PairedItem[];
  lost: PairedItem[];
  paired: PairedItem[];
  /** Items graded on one side only (judge errors, agent errors): left out of the statistics. */
  unpaired: number;
  /**
   * Items left out because a side never judged them, with no error to blame (offline with no cached
   * verdict, checks failed first): no verdict to compare, and no error either.
   */
  notJudged: number;
  /** Each side's distinct agent and judge errors on this case, one line each: baseline then variant. */
  errors: [string[], string[]];
}

/** A side's agent and judge errors over the case's epochs, each distinct text once. */
function errorLines(tally: CaseTally | undefined): string[] {
  return tally?.errors ?? [];
}

function falsePositives(tally: CaseTally | undefined): number {
  return tally?.items.filter((item) => item.kind === 'absent' && item.verdict === 'failed').length ?? 0;
}

/** Lines the two sides' items up by case and item key, case order following the baseline. */
export function pairCases(baseline: readonly CaseTally[], variant: readonly CaseTally[]): CaseComparison[] {
  const variantById = new Map(variant.map((tally) => [tally.case.id, tally]));
  const ids = [...new Set([...baseline.map((t) => t.case.id), ...variant.map((t) => t.case.id)])];
  const baselineById = new Map(baseline.map((tally) => [tally.case.id, tally]));
  return ids.map((caseId) => {
    const b = baselineById.get(caseId);
    const v = variantById.get(caseId);
    const variantItems = new Map(v?.items.map((item) => [item.key, item]) ?? []);
    const paired: PairedItem[] = [];
    let unpaired = 0;
    let notJudged = 0;
    /** A side that graded the item in no epoch because its judge failed on it. */
    const erred = (side: ItemTally) => side.graded === 0 && side.errors > 0;
    for (const item of b?.items ?? []) {
      const other = variantItems.get(item.key);
      variantItems.delete(item.key);
      if (!other || erred(item) || erred(other)) {
        unpaired++;
        continue;
      }
      if (item.graded === 0 || other.graded === 0) {
        notJudged++;
        continue;
      }
      paired.push({
        key: item.key,
        kind: item.kind,
        baseline: item,
        variant: other,
        difference: other.passed / other.graded - item.passed / item.graded,
      });
    }
    unpaired += variantItems.size;
    return {
      caseId,
      name: (b ?? v)?.case.name ?? caseId,
      structural: [countItems(b, 'check'), countItems(v, 'check')],
      findings: [countItems(b, 'finding'), countItems(v, 'finding')],
      falsePositives: [falsePositives(b), falsePositives(v)],
      gained: paired.filter((p) => p.baseline.verdict === 'failed' && p.variant.verdict === 'passed'),
      lost: paired.filter((p) => p.baseline.verdict === 'passed' && p.variant.verdict === 'failed'),
      paired,
      unpaired,
      notJudged,
      errors: [errorLines(b), errorLines(v)],
    };
  });
}
