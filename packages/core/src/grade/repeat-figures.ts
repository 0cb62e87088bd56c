import { clusteredRate } from '../stats/clustered.ts';
import { wilsonInterval } from '../stats/wilson.ts';
import type { CaseTally, KindFigures, RepeatSummary } from './grade-schema.ts';
import type { ItemKind } from './item-outcomes.ts';
import { passKFigures } from './pass-k.ts';

export type { FlakyItem, KindFigures, RepeatSummary } from './grade-schema.ts';

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
  const epochs = Math.max(0, ...tallies.map((tally) => tally.epochs));
  const passK = passKFigures(tallies, epochs);
  return {
    epochs,
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
    ...(passK && { passK }),
  };
}
