import type { ModelCalls } from '@evalpacks/core/runner';

/** The summary line that says what the run paid for: `15 made, 0 from the cache`, plus samples offline. */
export function modelCallsRow(calls: ModelCalls, samplesUsed?: number): [string, string] {
  const { agent, judge } = calls.stats();
  const made = agent.made + judge.made;
  const cached = agent.cached + judge.cached;
  const replaced = calls.replacedEntries();
  const samples =
    samplesUsed === undefined ? '' : `, ${samplesUsed} answer${samplesUsed === 1 ? '' : 's'} from sample fixtures`;
  const damaged = replaced
    ? `; ${replaced} unreadable or invalid cache entr${replaced === 1 ? 'y was' : 'ies were'} fetched again and replaced`
    : '';
  return ['model calls', `${made} made, ${cached} from the cache${samples}${damaged}`];
}
