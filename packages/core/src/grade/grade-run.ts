/**
 * gradeRun: the one place a run's results become its grade, so the console, the file reporters, compare, the
 * CLI's exit code and the viewer can never disagree about a run. The CLI grades a finished run once and hands
 * that grade to its summary, its file reports and its exit code (the reporters grade only when given none).
 *
 * Pure over stored data: it reads only the run's cases, as records (runPack returns them) or whole results (the store gives them back)
 * and the two settings a person chose for the run, which the store keeps with it (the repeat policy and
 * --min-pass-rate). No clock, no I/O, no backend: the same run and options always grade the same.
 */
import type { RepeatPolicy } from '../schema/repeat-policy.ts';
import type { RunResult } from '../schema/result.ts';
import { asRecord, type Gradable } from './case-record.ts';
import type { CaseStanding } from './case-standing.ts';
import { type CaseTally, policyResolver, reduceEpochs, runPolicy } from './reduce-epochs.ts';
import type { Suggestion } from './suggestions.ts';

export interface GradeOptions {
  /**
   * The repeat policy of cases that set none: the command line's, else the pack's (default majority).
   * A case's own policy always wins.
   */
  policy?: RepeatPolicy;
  /** The run passes when at least this share (0..1) of its cases passed, instead of all of them. */
  minPassRate?: number;
  /** The run fails when more items than this flipped between epochs (--max-flaky). */
  maxFlaky?: number;
}

export interface Counts {
  /** Passed, judged items included: the passes the pass rate counts. */
  passed: number;
  /** Passed their checks with judged items not judged (see CaseStanding): neither a pass nor a failure. */
  structuralOnly: number;
  failed: number;
  /** Results with an agent or judge error: neither a pass nor a failure of the agent. */
  errors: number;
  total: number;
}

export interface RunGrade {
  policy: RepeatPolicy;
  /** The most epochs any case ran. */
  epochs: number;
  /** Every case over its epochs, reduced by its policy; with one epoch each is its result's own outcome. */
  cases: CaseTally[];
  /** Counts of `cases`: what the run's pass/fail rests on. */
  caseCounts: Counts;
  /** Counts of the stored results, one per case and epoch (what JUnit lists as test cases). */
  resultCounts: Counts;
  /** Case epochs a budget left out; they were not shown to pass. */
  notStarted: number;
  /** Passed cases over all cases (0 when there are none); a structural-only case is no pass. */
  passRate: number;
  /** The --min-pass-rate gate, when one was set. */
  gate?: { minimum: number; met: boolean };
  /** Items that passed in some epochs and failed in others, over all cases. */
  flaky: number;
  /** The --max-flaky gate, when one was set. */
  flakyGate?: { maximum: number; met: boolean };
  /**
   * No case failed or had an error (or the gate was met), no case was left out, and no more items were
   * flaky than allowed. Structural-only cases fail no run: an offline run whose checks all pass passes,
   * and its summary says its cases were not judged.
   */
  passed: boolean;
  /** 0 when the run passed, else 1 (failures, agent or judge errors, cases not started). */
  exitCode: 0 | 1;
  /** What to edit for every failure, naming the RISEN part (or the judge, or the agent). */
  suggestions: Suggestion[];
}

function count(outcomes: readonly { status: CaseStanding }[]): Counts {
  const of = (status: CaseStanding) => outcomes.filter((outcome) => outcome.status === status).length;
  return {
    passed: of('passed'),
    structuralOnly: of('structural-only'),
    failed: of('failed'),
    errors: of('error'),
    total: outcomes.length,
  };
}

/** Grades a run: its cases under their repeat policies, the pass/fail decision and its exit code. */
export function gradeRun(
  run: { cases: readonly Gradable[]; notStarted?: RunResult['notStarted'] },
  options: GradeOptions = {},
): RunGrade {
  const policy = runPolicy({ cli: options.policy });
  const records = run.cases.map(asRecord);
  const cases = reduceEpochs(records, policyResolver({ cli: policy }));
  const caseCounts = count(cases);
  const passRate = caseCounts.total > 0 ? caseCounts.passed / caseCounts.total : 0;
  const gate =
    options.minPassRate === undefined
      ? undefined
      : { minimum: options.minPassRate, met: passRate >= options.minPassRate };
  const notStarted = run.notStarted?.length ?? 0;
  const flaky = cases.flatMap((tally) => tally.items).filter((item) => item.flaky).length;
  const flakyGate =
    options.maxFlaky === undefined ? undefined : { maximum: options.maxFlaky, met: flaky <= options.maxFlaky };
  const nothingFailed = caseCounts.failed === 0 && caseCounts.errors === 0;
  const passed = (gate ? gate.met : nothingFailed) && notStarted === 0 && (flakyGate?.met ?? true);
  return {
    policy,
    epochs: Math.max(0, ...cases.map((tally) => tally.epochs)),
    cases,
    caseCounts,
    resultCounts: count(records),
    notStarted,
    passRate,
    ...(gate && { gate }),
    flaky,
    ...(flakyGate && { flakyGate }),
    passed,
    exitCode: passed ? 0 : 1,
    suggestions: records.flatMap((record) => record.suggestions),
  };
}
