import {
  type CaseResult,
  consoleReporter,
  formatUsd,
  policyResolver,
  type RepeatPolicy,
  type RunResult,
  readRepeatPolicy,
  reduceEpochs,
  repeatReporter,
  runPolicy,
  type Suggestion,
  suggestionsFor,
} from '@evalpacks/core';
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

/** Core's console summary of a stored run (its repeat summary over epochs), with the cost the store recorded. */
export function summarizeStoredRun(run: RunRecord, results: CaseResult[], costUsd?: number): RunSummaryView {
  let text = '';
  const write = (chunk: string) => {
    text += chunk;
  };
  const result = runResultOf(run, results);
  const rows: [string, string][] = costUsd === undefined ? [] : [['cost', `${formatUsd(costUsd)} recorded`]];
  if (run.epochs > 1) {
    const cli = storedPolicy(run);
    const tallies = reduceEpochs(results, policyResolver({ cli }));
    repeatReporter({ write, color: false, policy: runPolicy({ cli }) }).summary(result, tallies, rows);
  } else {
    consoleReporter({ write, color: false }).summary(result, rows);
  }
  const at = text.indexOf('\nSuggestions\n');
  return { text: (at < 0 ? text : text.slice(0, at)).trimEnd(), suggestions: unique(suggestionsFor(result)) };
}
