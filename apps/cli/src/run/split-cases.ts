import { type Case, casesInSplit, type Pack, type SplitChoice, splitOf } from '@evalpacks/core';
import { UsageError } from '../usage-error.ts';

/** The cases of a --split, refused in one line when it holds none (a run of nothing would pass). */
export function casesOfSplit(pack: Pack, cases: Case[], split: SplitChoice): Case[] {
  const chosen = casesInSplit(cases, split);
  if (chosen.length > 0) return chosen;
  const dev = cases.filter((testCase) => splitOf(testCase) === 'dev').length;
  throw new UsageError(
    `--split ${split}: pack "${pack.name}" has no case in it (${dev} dev, ${cases.length - dev} test); ` +
      `give a case "split: ${split}" or run --split all`,
  );
}
