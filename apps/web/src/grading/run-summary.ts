import type { CaseResult, RunResult } from '@evalpacks/core';
import type { GradeSummary, Suggestion } from '@evalpacks/core/grade';
import { formatUsd, shownSuggestions, summaryText } from '@evalpacks/core/report';
import { gradedNowNote, type RunRecord, type ShownGrade } from '@evalpacks/store';
import type { ForestRow } from '../figures/forest-plot.ts';
import { runFigureRows } from '../figures/run-figures.ts';

/** A stored run with its results as core's reporters take it. */
export function runResultOf(run: RunRecord, results: CaseResult[]): RunResult {
  return {
    pack: run.pack,
    variant: run.variant,
    agent: run.agent,
    ...(run.judge && { judge: run.judge }),
    startedAt: run.startedAt,
    finishedAt: run.finishedAt ?? new Date().toISOString(),
    cases: results,
  };
}

export interface RunSummaryView {
  /** The summary block as the console prints it, from the run's grade, without colour. */
  text: string;
  /** The rates with their intervals, drawn as the run page's forest plot. */
  figures: ForestRow[];
  /** Each suggestion once, in the console's order. */
  suggestions: Suggestion[];
  /** Set when the run has no stored grade and this one was made now: under what, and why. */
  note?: string;
}

export interface SummaryFacts {
  id: number;
  agent: RunRecord['agent'];
  judge?: RunRecord['judge'];
  epochs: number;
  /** What the store recorded the run's calls cost, in US dollars. */
  costUsd?: number;
}

/**
 * A run's summary as a page shows it: core renders the grade's summary block (the console's, over epochs
 * when the run repeats cases) and its suggestions; nothing is graded or parsed here.
 */
export function summaryView(shown: ShownGrade<GradeSummary>, run: SummaryFacts): RunSummaryView {
  const rows: [string, string][] = run.costUsd === undefined ? [] : [['cost', `${formatUsd(run.costUsd)} recorded`]];
  const text = summaryText(
    shown.grade,
    { agent: run.agent, ...(run.judge && { judge: run.judge }) },
    { repeated: run.epochs > 1, rows },
  );
  return {
    text,
    figures: runFigureRows(shown.grade, run.epochs > 1),
    suggestions: shownSuggestions(shown.grade.suggestions),
    ...(shown.now && { note: gradedNowNote(run.id, shown.now) }),
  };
}
