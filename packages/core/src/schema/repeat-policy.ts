import { z } from 'zod';

/**
 * What counts as passing when a case runs K times (epochs), judged per item (check, finding, ...) from its
 * pass count k: `majority` (k > K/2, the default), `all` (k = K, pass^k), `any` (k ≥ 1, pass@k), or
 * `min-rate:R` (k/K ≥ R). Kept as canonical text so stored results stay plain JSON and re-parse.
 */
export type RepeatPolicy = 'majority' | 'all' | 'any' | `min-rate:${number}`;

export const DEFAULT_REPEAT_POLICY: RepeatPolicy = 'majority';

const HELP = 'use majority, all, any or min-rate:R with 0 < R ≤ 1';

/** The canonical policy for `text`, or undefined when it is not one. */
export function readRepeatPolicy(text: string): RepeatPolicy | undefined {
  const trimmed = text.trim();
  if (trimmed === 'majority' || trimmed === 'all' || trimmed === 'any') return trimmed;
  const match = /^min-rate[\s:=]+(\S+)$/.exec(trimmed);
  const rate = match ? Number(match[1]) : Number.NaN;
  return rate > 0 && rate <= 1 ? `min-rate:${rate}` : undefined;
}

export const RepeatPolicySchema = z.string().transform((text, ctx): RepeatPolicy => {
  const policy = readRepeatPolicy(text);
  if (policy) return policy;
  ctx.addIssue({ code: 'custom', message: `unknown repeat policy "${text}": ${HELP}` });
  return z.NEVER;
});

/** Parses a policy a person typed (a flag, a pack option); throws with the accepted forms. */
export function parseRepeatPolicy(text: string): RepeatPolicy {
  const policy = readRepeatPolicy(text);
  if (!policy) throw new Error(`unknown repeat policy "${text}": ${HELP}`);
  return policy;
}

/** Whether an item that passed `passed` of `graded` epochs passes under the policy. */
export function passesPolicy(policy: RepeatPolicy, passed: number, graded: number): boolean {
  if (graded === 0) return false;
  if (policy === 'majority') return 2 * passed > graded;
  if (policy === 'all') return passed === graded;
  if (policy === 'any') return passed > 0;
  return passed / graded >= Number(policy.slice('min-rate:'.length));
}
