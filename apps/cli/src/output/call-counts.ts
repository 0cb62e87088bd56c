import type { ConcurrencyReport, ModelCalls } from '@evalpacks/core/runner';

/** The summary line that says what the run paid for: `15 made, 0 from the cache`, plus samples offline. */
export function modelCallsRow(calls: ModelCalls, samplesUsed?: number): [string, string] {
  // The simulated user's calls count with the rest: a re-run of a conversation pack makes none either.
  const { agent, judge, user } = calls.stats();
  const made = agent.made + judge.made + user.made;
  const cached = agent.cached + judge.cached + user.cached;
  const replaced = calls.replacedEntries();
  const samples =
    samplesUsed === undefined ? '' : `, ${samplesUsed} answer${samplesUsed === 1 ? '' : 's'} from sample fixtures`;
  const damaged = replaced
    ? `; ${replaced} unreadable or invalid cache entr${replaced === 1 ? 'y was' : 'ies were'} fetched again and replaced`
    : '';
  return ['model calls', `${made} made, ${cached} from the cache${samples}${damaged}`];
}

/**
 * How far throttling pushed the pool down: `4 at the end of 16 (lowest 2; 37 throttled responses retried)`.
 * Undefined when nothing was throttled: the pool then stayed at --concurrency.
 */
export function concurrencyRow(report: ConcurrencyReport): [string, string] | undefined {
  if (report.throttled === 0) return undefined;
  const responses = `${report.throttled} throttled response${report.throttled === 1 ? '' : 's'} retried`;
  return ['concurrency', `${report.final} at the end of ${report.ceiling} (lowest ${report.lowest}; ${responses})`];
}
