import type { CaseStatus } from '../schema/result.ts';
import type { Verdict } from '../schema/verdict.ts';

/**
 * A case's outcome as every report shows and counts it. It is the stored status, except for a pass with
 * judged items (findings, expectedAbsent items, the rubric) that were never judged: an offline run with no
 * cached verdict, an answer stopped at the turn limit. Such a case passed its structural checks and every
 * verdict it got, but nothing says the judge would pass it, so it is 'structural-only': no failure (the
 * run's exit code stays 0 when nothing failed), and no pass either (it is out of the pass rate, so a
 * --min-pass-rate gate is not met by it). A failed or errored case stays failed or errored whatever went
 * unjudged.
 *
 * Decided here only: the grade's tallies and records carry it, and every surface (console, JSON, JUnit,
 * Markdown, the HTML report, the viewer) reads it from them or asks these functions.
 */
export type CaseStanding = CaseStatus | 'structural-only';

/** How people read a standing, in prose: "3 structural only". */
export const STRUCTURAL_ONLY = 'structural only';

/** The standing of a stored status with `notJudged` judged items that no verdict was given on. */
export function standingOf(status: CaseStatus, notJudged: number): CaseStanding {
  return status === 'passed' && notJudged > 0 ? 'structural-only' : status;
}

/** Judged items of one result that were not judged (skipped): the count "structural only" rests on. */
export function notJudgedOf(result: { verdicts: readonly Pick<Verdict, 'status'>[] }): number {
  let count = 0;
  for (const verdict of result.verdicts) if (verdict.status === 'skipped') count++;
  return count;
}

/** The standing of one case result (one epoch). */
export function resultStanding(result: { status: CaseStatus; verdicts: readonly Pick<Verdict, 'status'>[] }) {
  return standingOf(result.status, notJudgedOf(result));
}
