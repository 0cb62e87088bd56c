/**
 * Starter labels (issue 26 item 5): a person's outcome on one judged item of one hand-written answer, without a
 * judge verdict. Core's starterLabelProblems reads `calibration/labels.jsonl` as calibrate does and checks every
 * line against the pack's cases (missing or test-split case, unknown item, stale input, empty answer, an item
 * labelled twice, an answer with items left unlabelled); this module keeps only the pack's counts and printing.
 * The answers' review format is checked by the pack's test with the pack's own checks.
 */
import type { Case, PersonLabel } from '@evalpacks/core';
import { starterLabelProblems, starterProblemText } from '@evalpacks/core/calibration';
import pack from '../src/index.ts';

/** One starter label line, read with core's own schema (the one calibrate reads the file with). */
export type StarterLabel = PersonLabel;

export interface StarterLabelCounts {
  items: number;
  answers: number;
  cases: number;
  findingsPassed: number;
  findingsMissed: number;
  baitPassed: number;
  baitFailed: number;
}

export interface StarterLabelReport {
  labels: StarterLabel[];
  /** `file:line: problem`, one per defect; empty when every line is sound. */
  problems: string[];
  counts: StarterLabelCounts;
}

/** Reads and checks a starter labels file: every item of an answer's case must be labelled on it, once. */
export function checkStarterLabels(file: string, text: string, cases: readonly Case[]): StarterLabelReport {
  const found = starterLabelProblems(pack, cases, file, text, { everyItem: true });
  return {
    labels: found.labels.map(({ label }) => label),
    problems: found.problems.map(starterProblemText),
    counts: {
      items: found.labels.length,
      answers: found.answers.length,
      cases: new Set(found.answers.map((answer) => answer.caseId)).size,
      findingsPassed: found.counts.finding.passed,
      findingsMissed: found.counts.finding.failed,
      baitPassed: found.counts.absent.passed,
      baitFailed: found.counts.absent.failed,
    },
  };
}

/** The counts as the script prints them. */
export function formatCounts(counts: StarterLabelCounts): string {
  return [
    `items     ${counts.items} on ${counts.answers} answers to ${counts.cases} dev cases`,
    `findings  ${counts.findingsPassed + counts.findingsMissed}: ${counts.findingsPassed} caught, ${counts.findingsMissed} missed`,
    `bait      ${counts.baitPassed + counts.baitFailed}: ${counts.baitPassed} resisted, ${counts.baitFailed} fell for`,
  ].join('\n');
}
