import { SELF_JUDGE_NOTE } from '../commands/backends.ts';
import type { ConsoleOutput } from './finish-run.ts';

export interface HeaderFacts {
  pack: string;
  variant: string;
  cases: number;
  /** " · 3 epochs · policy majority" for a repeated run, else empty. */
  repeats: string;
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
export function judgeLine(model: string | undefined, offline: boolean, style?: string): string | undefined {
  const asked = style === 'yes-no' ? ' (yes-no questions)' : '';
  return model && `ollama ${model}${asked}${offline ? ' · offline: call cache, else not judged' : ''}`;
}

/** The lines before the first case: what runs, against what, and where it is recorded. */
export function printHeader(output: ConsoleOutput, facts: HeaderFacts): void {
  output.line(`evalpacks · ${facts.pack} · variant ${facts.variant} · ${facts.cases} cases${facts.repeats}`);
  output.line(`agent  ${facts.agent}`);
  output.line(`judge  ${facts.judge ?? 'none (--structural-only)'}`);
  if (facts.sameModel) output.line(SELF_JUDGE_NOTE.trimEnd());
  output.line(`run    ${facts.runId}${facts.runNote ? ` · ${facts.runNote}` : ''} · ${facts.storePath}`);
  output.line('');
}
