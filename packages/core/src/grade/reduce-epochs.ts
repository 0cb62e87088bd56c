import { passesPolicy, type RepeatPolicy } from '../schema/repeat-policy.ts';
import { asRecord, type CaseRecord, type CaseRef, type Gradable } from './case-record.ts';
import { type CaseStanding, standingOf } from './case-standing.ts';
import type { CaseTally, ItemTally } from './grade-schema.ts';
import type { ItemKind } from './item-outcomes.ts';

export type { CaseTally, ItemTally } from './grade-schema.ts';

function tallyItems(records: CaseRecord[], policy: RepeatPolicy): ItemTally[] {
  const tallies = new Map<string, ItemTally>();
  for (const record of records) {
    // Fields copied by name: object rest and spread here cost more than the rest of grading (1,000 cases).
    for (const { key, kind, id, label, part, outcome } of record.items) {
      let tally = tallies.get(key);
      if (!tally) {
        tally = {
          key,
          kind,
          id,
          label,
          part,
          passed: 0,
          failed: 0,
          errors: 0,
          skipped: 0,
          graded: 0,
          verdict: 'undecided',
          flaky: false,
        };
        tallies.set(key, tally);
      }
      if (outcome === 'passed') tally.passed++;
      else if (outcome === 'failed') tally.failed++;
      else if (outcome === 'error') tally.errors++;
      else tally.skipped++;
    }
  }
  for (const tally of tallies.values()) {
    tally.graded = tally.passed + tally.failed;
    tally.flaky = tally.passed > 0 && tally.failed > 0;
    if (tally.graded > 0) tally.verdict = passesPolicy(policy, tally.passed, tally.graded) ? 'passed' : 'failed';
  }
  return [...tallies.values()];
}

/**
 * Reduces per-epoch results to one outcome per case and item (the reducer, apart from the per-sample
 * scoring and the across-case statistics). Pure: the same results and policies give the same tallies.
 * Cases keep the order they first appear in; each case's policy comes from `policyFor`.
 */
export function reduceEpochs(
  results: readonly Gradable[],
  policyFor: (testCase: CaseRef) => RepeatPolicy,
): CaseTally[] {
  const byCase = new Map<string, CaseRecord[]>();
  for (const result of results) {
    const record = asRecord(result);
    const list = byCase.get(record.case.id) ?? [];
    list.push(record);
    byCase.set(record.case.id, list);
  }
  return [...byCase.values()].map((list) => {
    const epochs = [...list].sort((a, b) => a.epoch - b.epoch);
    const testCase = (epochs[0] as CaseRecord).case;
    const policy = policyFor(testCase);
    const items = tallyItems(epochs, policy);
    const notJudged = items.filter((item) => item.kind !== 'check' && item.graded === 0 && item.errors === 0).length;
    const status: CaseStanding = epochs.some((result) => result.status === 'error')
      ? 'error'
      : items.some((item) => item.verdict === 'failed')
        ? 'failed'
        : standingOf('passed', notJudged);
    const errors = [...new Set(epochs.flatMap((record) => record.errors))];
    // An epoch with an error or judged items never judged is evidence of neither (see pass-k.ts).
    const epochsPassed = epochs.filter((record) => record.status === 'passed').length;
    const epochsGraded = epochsPassed + epochs.filter((record) => record.status === 'failed').length;
    return {
      case: testCase,
      policy,
      epochs: epochs.length,
      items,
      status,
      notJudged,
      errors,
      epochsPassed,
      epochsGraded,
    };
  });
}

/** Items of one kind passing under the policy, out of those graded at least once. */
export function countItems(tally: CaseTally | undefined, kind: ItemKind): { passed: number; total: number } {
  const items = tally?.items.filter((item) => item.kind === kind && item.graded > 0) ?? [];
  return { passed: items.filter((item) => item.verdict === 'passed').length, total: items.length };
}

/**
 * The policy that applies to a case: the case's own, else the command line's, else the pack's, else
 * majority. The case wins because it states a requirement of that case (a money path that must pass every
 * time); the command line sets the default for the run's other cases.
 */
export function policyResolver(options: {
  cli?: RepeatPolicy;
  pack?: RepeatPolicy;
}): (testCase: Pick<CaseRef, 'repeatPolicy'>) => RepeatPolicy {
  return (testCase) => testCase.repeatPolicy ?? runPolicy(options);
}

/** The policy of a run's cases that set none, as its header names it: the command line's, else the pack's. */
export function runPolicy(options: { cli?: RepeatPolicy; pack?: RepeatPolicy }): RepeatPolicy {
  return options.cli ?? options.pack ?? 'majority';
}
