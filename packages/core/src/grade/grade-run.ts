/**
 * gradeRun: the one place a run's results become its grade, so the console, the file reporters, compare, the
 * CLI's exit code and the viewer can never disagree about a run. The CLI grades a finished run once and hands
 * that grade to its summary, its file reports and its exit code (the reporters grade only when given none).
 *
 * Pure over stored data: it reads only the run's cases, as records (runPack returns them) or whole results
 * (the store gives them back), and the settings a person chose for the run (the repeat policy and the
 * gates). No clock, no I/O, no backend: the same run and options always grade the same. The grade is data
 * (RunGradeSchema): the store keeps it with the run, and every later reader renders it instead of grading
 * the run again.
 */

import type { RepeatPolicy } from '../schema/repeat-policy.ts';
import type { RunResult } from '../schema/result.ts';
import { clusteredRate } from '../stats/clustered.ts';
import { correctedFigures, type JudgeCalibration } from '../stats/corrected-rate.ts';
import { asRecord, type CaseRecord, type Gradable } from './case-record.ts';
import type { CaseStanding } from './case-standing.ts';
import type { Counts, RunFigures, RunGrade } from './grade-schema.ts';
import { policyResolver, reduceEpochs, runPolicy } from './reduce-epochs.ts';
import { summarizeRepeats } from './repeat-figures.ts';
import { summarizeRun } from './run-figures.ts';

export type { Counts, RunGrade } from './grade-schema.ts';

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
  /** The labels of the judge that ran (judgeCalibration): the grade then carries the judge-corrected rates. */
  calibration?: JudgeCalibration;
  /** Verdicts whose decision token is less probable than this are low-confidence (default LOW_CONFIDENCE). */
  lowConfidence?: number;
  /** 'corrected': --min-pass-rate holds the judge-corrected findings rate instead of the raw case pass rate. */
  gateOn?: 'raw' | 'corrected';
  /** The pack's headline (definePack `headline`): 'pass^k' is kept with the grade, for compare to decide on. */
  headline?: 'pass-rate' | 'pass^k';
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
  const notStarted = run.notStarted?.length ?? 0;
  const figures = figuresOf(records, cases, notStarted, options.lowConfidence);
  const corrected = options.calibration && correctedOf(options.calibration, figures);
  const gate = gateOf(options, passRate, corrected);
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
    figures,
    ...(options.headline === 'pass^k' && { headline: 'pass^k' as const }),
    ...(corrected && { corrected }),
  };
}

/** Each judged kind's per-verdict rate (clustered by case) corrected with the labels of its kind. */
function correctedOf(calibration: JudgeCalibration, figures: RunFigures): RunGrade['corrected'] {
  const raw = (kind: 'findings' | 'absent') => {
    const { passed, total, designEffect } = figures.perCase[kind].samples;
    return { passed, total, designEffect };
  };
  return correctedFigures(calibration, { findings: raw('findings'), absent: raw('absent') });
}

/**
 * The --min-pass-rate gate: on the raw case pass rate, or with --gate corrected on the corrected findings
 * rate. A corrected gate with no corrected figure (too few labels, a judge near chance) is not met: the
 * run asked to be held to a figure it does not have.
 */
function gateOf(options: GradeOptions, passRate: number, corrected: RunGrade['corrected']): RunGrade['gate'] {
  const minimum = options.minPassRate;
  if (minimum === undefined) return undefined;
  if (options.gateOn !== 'corrected') return { minimum, met: passRate >= minimum };
  const findings = corrected?.findings;
  if (findings?.status === 'corrected') {
    return { minimum, met: findings.estimate >= minimum, on: 'corrected', value: findings.estimate };
  }
  const reason = findings ? findings.reason : 'not corrected: no labels were read for this run';
  return { minimum, met: false, on: 'corrected', reason };
}

/** The figures the summaries print, so a summary is a rendering of the grade and never reads a result. */
function figuresOf(
  records: CaseRecord[],
  cases: RunGrade['cases'],
  notStarted: number,
  lowConfidence?: number,
): RunFigures {
  const totals = summarizeRun({ cases: records }, lowConfidence);
  totals.notStarted = notStarted;
  return {
    totals,
    perResult: {
      structural: clusteredRate(records.map((r) => ({ passed: r.figures.checksPassed, total: r.figures.checks }))),
      // Only verdicts the judge gave count: a judge error or an item not judged is no evidence of a miss.
      findings: clusteredRate(
        records.map((r) => ({ passed: r.figures.findingsCaught, total: r.figures.findingsJudged })),
      ),
    },
    perCase: summarizeRepeats(cases),
  };
}
