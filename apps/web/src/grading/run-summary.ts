import type { CaseResult, RepeatPolicy, RunResult } from '@evalpacks/core';
import { gradeRun, readRepeatPolicy, type Suggestion } from '@evalpacks/core/grade';
import { consoleReporter, formatUsd, repeatReporter } from '@evalpacks/core/report';
import type { RunRecord } from '@evalpacks/store';

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

/**
 * The --policy the run was started with, if any. A pack's own default policy is not stored with the run,
 * so a run that relied on it is summarised under the CLI's default.
 */
export function storedPolicy(run: RunRecord): RepeatPolicy | undefined {
  const flags = run.config.flags as Record<string, unknown> | undefined;
  return typeof flags?.policy === 'string' ? readRepeatPolicy(flags.policy) : undefined;
}

export interface RunSummaryView {
  /** The summary exactly as the console prints it, without colour and without its suggestions block. */
  text: string;
  /** Each suggestion once, in the console's order. */
  suggestions: Suggestion[];
}

function unique(suggestions: Suggestion[]): Suggestion[] {
  const seen = new Set<string>();
  return suggestions.filter((s) => {
    const key = `${s.target}|${s.caseId}|${s.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface SummaryOptions {
  epochs: number;
  /** The run's --policy; absent means the CLI's default. */
  policy?: RepeatPolicy;
  /** What the store recorded the run's calls cost, in US dollars. */
  costUsd?: number;
}

/** Core's console summary of a run (its repeat summary over epochs), as text, and its suggestions. */
export function summaryView(result: RunResult, options: SummaryOptions): RunSummaryView {
  let text = '';
  const write = (chunk: string) => {
    text += chunk;
  };
  const { costUsd, policy } = options;
  const rows: [string, string][] = costUsd === undefined ? [] : [['cost', `${formatUsd(costUsd)} recorded`]];
  // The grade the CLI gave the run, as far as the store keeps its settings (--min-pass-rate is not stored).
  const grade = gradeRun(result, policy ? { policy } : {});
  if (options.epochs > 1) repeatReporter({ write, color: false }).summary(result, rows, grade);
  else consoleReporter({ write, color: false }).summary(result, rows, grade);
  const at = text.indexOf('\nSuggestions\n');
  const { suggestions } = grade;
  return { text: (at < 0 ? text : text.slice(0, at)).trimEnd(), suggestions: unique(suggestions) };
}
