import { visible } from '@evalpacks/core/report';
import type { ConsoleOutput } from './finish-run.ts';

export interface HeaderFacts {
  pack: string;
  variant: string;
  cases: number;
  /** --split: named in the header unless it is all. */
  split: string;
  /** " · 3 epochs · policy majority" for a repeated run, else empty. */
  repeats: string;
  /** The agent and judge lines, each ending in a newline (backends/header.ts writes them). */
  roles: string;
  /** Offline: where the pack's sample transcripts are. */
  samples?: string;
  runId: number;
  /** A clause after the run id: "resumed with 4 of 9 results saved", "re-judging run 3". */
  runNote?: string;
  storePath: string;
}

/**
 * The lines before the first case: what runs, against what, where answers come from, where it is recorded.
 * Names come from files and, on a resumed or re-judged run, from the store: printed as visible text.
 */
export function printHeader(raw: ConsoleOutput, facts: HeaderFacts): void {
  const output = {
    line: (text: string) => raw.line(visible(text)),
    text: (text: string) => raw.text(visible(text)),
  };
  output.line(
    `evalpacks · ${facts.pack} · variant ${facts.variant} · ${facts.cases} case${facts.cases === 1 ? '' : 's'}` +
      `${facts.split === 'all' ? '' : ` · split ${facts.split}`}${facts.repeats}`,
  );
  output.text(facts.roles);
  if (facts.samples !== undefined) {
    output.line(
      `offline answers from the call cache, else the samples in ${facts.samples}; no cached verdict: not judged`,
    );
  }
  output.line(`run    ${facts.runId}${facts.runNote ? ` · ${facts.runNote}` : ''} · ${facts.storePath}`);
  output.line('');
}
