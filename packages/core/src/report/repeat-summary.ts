import type { ItemKind } from '../grade/item-outcomes.ts';
import type { CaseTally, ItemTally } from '../grade/reduce-epochs.ts';
import { type ClusteredRate, clusteredRate } from '../stats/clustered.ts';
import { type Interval, wilsonInterval } from '../stats/wilson.ts';

/** One kind of item (checks, findings, expectedAbsent) over a repeated run. */
export interface KindFigures {
  /** Items that pass under their case's policy, out of the items graded at least once. */
  itemsPassed: number;
  items: number;
  /** Every epoch's grading of every item, clustered by case: the per-sample pass rate and its interval. */
  samples: ClusteredRate;
}

export interface FlakyItem {
  caseId: string;
  policy: CaseTally['policy'];
  item: ItemTally;
}

export interface RepeatSummary {
  /** The most epochs any case ran. */
  epochs: number;
  cases: Interval & { passed: number; total: number; errors: number; structuralOnly: number };
  structural: KindFigures;
  findings: KindFigures;
  /** expectedAbsent items; "passed" means not flagged, so false positives are items − itemsPassed. */
  absent: KindFigures;
  flaky: FlakyItem[];
}

function kindFigures(tallies: readonly CaseTally[], kind: ItemKind): KindFigures {
  let itemsPassed = 0;
  let items = 0;
  const clusters = tallies.map((tally) => {
    let passed = 0;
    let total = 0;
    for (const item of tally.items) {
      if (item.kind !== kind || item.graded === 0) continue;
      items++;
      if (item.verdict === 'passed') itemsPassed++;
      passed += item.passed;
      total += item.graded;
    }
    return { passed, total };
  });
  return { itemsPassed, items, samples: clusteredRate(clusters) };
}

/** The figures of a repeated run: rates under the policy, per-sample rates with clustered intervals, flaky items. */
export function summarizeRepeats(tallies: readonly CaseTally[]): RepeatSummary {
  const passed = tallies.filter((tally) => tally.status === 'passed').length;
  return {
    epochs: Math.max(0, ...tallies.map((tally) => tally.epochs)),
    cases: {
      ...wilsonInterval(passed, tallies.length),
      passed,
      total: tallies.length,
      errors: tallies.filter((tally) => tally.status === 'error').length,
      structuralOnly: tallies.filter((tally) => tally.status === 'structural-only').length,
    },
    structural: kindFigures(tallies, 'check'),
    findings: kindFigures(tallies, 'finding'),
    absent: kindFigures(tallies, 'absent'),
    flaky: tallies.flatMap((tally) =>
      tally.items.filter((item) => item.flaky).map((item) => ({ caseId: tally.case.id, policy: tally.policy, item })),
    ),
  };
}
