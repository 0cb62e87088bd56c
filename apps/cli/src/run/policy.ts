import { type Pack, policyResolver, type RepeatPolicy, runPolicy } from '@evalpacks/core';
import type { PlanPolicy } from './plan.ts';

/** The run's repeat policy from --policy and the pack's own: the one place it is worked out. */
export function planPolicy(flag: RepeatPolicy | undefined, pack: Pack): PlanPolicy {
  const given = { cli: flag, pack: pack.repeatPolicy };
  return { name: runPolicy(given), of: policyResolver(given) };
}
