import { z } from 'zod';

/** Where a case belongs: `dev` to tune prompts and the judge on, `test` to confirm on, once. */
export const SplitSchema = z.enum(['dev', 'test'], { error: 'use dev or test' });
export type Split = z.infer<typeof SplitSchema>;

/** A command's choice of cases: one split, or every case. */
export const SPLIT_CHOICES = ['dev', 'test', 'all'] as const;
export type SplitChoice = (typeof SPLIT_CHOICES)[number];

/** The share of cases without an explicit split that land in dev, in percent. */
export const DEV_PERCENT = 60;

/** FNV-1a, 32 bits, over the UTF-8 bytes of the text: small, well known and the same on every machine. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The split of a case that names none: decided by its id alone (FNV-1a 32-bit of the id, mod 100, below 60
 * is dev), so it never changes between runs or machines, and adding a case moves no other case.
 */
export function splitOfId(id: string): Split {
  return fnv1a32(id) % 100 < DEV_PERCENT ? 'dev' : 'test';
}

/** A case's split: its own, else the one its id decides. */
export function splitOf(testCase: { id: string; split?: Split | undefined }): Split {
  return testCase.split ?? splitOfId(testCase.id);
}

/** The cases a `--split` choice runs, in their order. */
export function casesInSplit<T extends { id: string; split?: Split | undefined }>(
  cases: readonly T[],
  choice: SplitChoice,
): T[] {
  return choice === 'all' ? [...cases] : cases.filter((testCase) => splitOf(testCase) === choice);
}
