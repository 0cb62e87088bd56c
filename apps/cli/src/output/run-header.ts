import type { ConsoleOutput } from './finish-run.ts';

export interface HeaderFacts {
  pack: string;
  variant: string;
  cases: number;
  epochs: number;
  /** What stands after "agent": the backend and model, and where answers come from. */
  agent: string;
  /** What stands after "judge", or undefined for a structural-only run. */
  judge?: string;
  /** The judge is the agent model: warn about self-preference. */
  sameModel: boolean;
  runId: number;
  /** A clause after the run id: "resumed with 4 of 9 results saved", "re-judging run 3". */
  runNote?: string;
  storePath: string;
}

/** The judge as the header names it, or undefined when nothing judges (structural-only). */
export function judgeLine(model: string | undefined, offline: boolean): string | undefined {
  return model && `ollama ${model}${offline ? ' · offline: call cache, else not judged' : ''}`;
}

/** The lines before the first case: what runs, against what, and where it is recorded. */
export function printHeader(output: ConsoleOutput, facts: HeaderFacts): void {
  const epochs = facts.epochs > 1 ? ` × ${facts.epochs} epochs` : '';
  output.line(`evalpacks · ${facts.pack} · variant ${facts.variant} · ${facts.cases} cases${epochs}`);
  output.line(`agent  ${facts.agent}`);
  output.line(`judge  ${facts.judge ?? 'none (--structural-only)'}`);
  if (facts.sameModel)
    output.line('note   the judge is the agent model; a different --judge-model avoids self-preference');
  output.line(`run    ${facts.runId}${facts.runNote ? ` · ${facts.runNote}` : ''} · ${facts.storePath}`);
  output.line('');
}
