import { exactMcNemar } from '../stats/mcnemar.ts';
import { outcomes } from './agreement.ts';
import type { LabelledVerdict } from './judge-labels.ts';
import { labelKey } from './label-key.ts';

/** Two judges held against the same labels, item by item. */
export interface JudgeComparison {
  /** Items both judges gave a verdict on and people gave an outcome for. */
  paired: number;
  /** A matched the person where B did not. */
  onlyA: number;
  /** B matched the person where A did not. */
  onlyB: number;
  /** Exact McNemar p over the discordant items (two-sided). */
  p: number;
  /** Which agrees better at the 5% level, or neither. */
  better: 'A' | 'B' | 'neither';
}

/**
 * Which of two judges agrees better with people, paired on the items: only items where exactly one of
 * them is right carry information, so the test is exact McNemar on those.
 */
export function compareJudges(a: LabelledVerdict[], b: LabelledVerdict[], alpha = 0.05): JudgeComparison {
  const other = new Map(b.map((item) => [labelKey(item.label), item]));
  let paired = 0;
  let onlyA = 0;
  let onlyB = 0;
  for (const item of a) {
    const mine = outcomes(item);
    const partner = other.get(labelKey(item.label));
    const theirs = partner && outcomes(partner);
    if (!mine || !theirs) continue;
    paired += 1;
    const aRight = mine.judge === mine.person;
    const bRight = theirs.judge === theirs.person;
    if (aRight && !bRight) onlyA += 1;
    if (bRight && !aRight) onlyB += 1;
  }
  const p = exactMcNemar(onlyA, onlyB);
  const better = p >= alpha ? 'neither' : onlyA > onlyB ? 'A' : 'B';
  return { paired, onlyA, onlyB, p, better };
}
