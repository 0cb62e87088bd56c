import { loadPackCases, loadPackVariant } from '@evalpacks/core';
import { casesInShard, loadVariant } from '@evalpacks/core/runner';
import type { EvalStore } from '@evalpacks/store';
import { BACKEND_OPTIONS } from '../backends/registry.ts';
import { resolveRoles, resolveUserRole } from '../backends/roles.ts';
import { cacheMode, type EvalOptions, parseEvalOptions } from '../options/eval-options.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { givenFlags, withStoredFlags } from '../persistence/run-config.ts';
import { findRunToResume } from '../persistence/session.ts';
import { userPath } from '../user-path.ts';
import type { ReportPlan, RunPlan } from './plan.ts';
import { planPolicy } from './policy.ts';
import { casesOfSplit } from './split-cases.ts';

/** How a run's results are reported, from its flags (eval's, or merge's own). */
export function reportPlan(
  options: Pick<EvalOptions, 'reporter' | 'quiet' | 'color' | 'ci' | 'out' | 'minPassRate' | 'maxFlaky'> & {
    gate?: EvalOptions['gate'];
    lowConfidence?: EvalOptions['lowConfidence'];
  },
): ReportPlan {
  return {
    console: options.reporter.includes('console'),
    quiet: options.quiet,
    color: options.color && !options.ci,
    files: options.reporter.filter((name) => name !== 'console'),
    ...(options.out !== undefined && { out: userPath(options.out) }),
    ...(options.minPassRate !== undefined && { minPassRate: options.minPassRate }),
    ...(options.maxFlaky !== undefined && { maxFlaky: options.maxFlaky }),
    ...(options.gate === 'corrected' && { gateOn: 'corrected' as const }),
    ...(options.lowConfidence !== undefined && { lowConfidence: options.lowConfidence }),
  };
}

/** How a plan grades: structural checks, when to judge, the judge's style, the agent's turn limit. */
export function gradingPlan(options: EvalOptions): RunPlan['grading'] {
  return {
    structural: !options.skipStructural,
    judgeAlways: options.judgeAlways,
    judgeStyle: options.judgeStyle,
    maxTurns: options.maxTurns,
  };
}

/** The calls part of a plan: concurrency, timeout, cache mode and every backend's own flags. */
export function callsPlan(options: EvalOptions): RunPlan['calls'] {
  return {
    concurrency: options.concurrency,
    timeout: options.timeout,
    cache: cacheMode(options),
    backends: BACKEND_OPTIONS.parse(options),
  };
}

/**
 * `eval` and `eval --resume` as a plan. A resumed run takes the stored run's flags for every flag not
 * given again, so it computes what its first attempt would have.
 */
export async function planEval(given: EvalOptions, raw: Record<string, unknown>, store: EvalStore): Promise<RunPlan> {
  const resume = given.resume ? findRunToResume(store, given.resume, given.domain) : undefined;
  const flags = resume ? (resume.config.flags as Record<string, unknown>) : givenFlags(raw);
  const options = resume ? parseEvalOptions(withStoredFlags(raw, flags)) : given;
  const pack = await loadEvalPack(options);
  const variant = options.prompt
    ? await loadVariant(userPath(options.prompt))
    : await loadPackVariant(pack, options.variant ?? pack.defaultVariant);
  const split = options.split ?? 'all';
  const allCases = casesOfSplit(
    pack,
    await loadPackCases(
      pack,
      options.testCase?.map((file) => userPath(file)),
    ),
    split,
  );
  const cases = options.shard ? casesInShard(allCases, options.shard) : allCases;
  const roles = resolveRoles(options);
  return {
    kind: 'eval',
    pack,
    variant,
    cases,
    split,
    ...(options.tag && { tag: options.tag }),
    ...(options.shard && { shard: { part: options.shard, allCases } }),
    epochs: options.repeat,
    policy: planPolicy(options.policy, pack),
    // A pack that brings its own agent needs a backend for the judge only, and none without one.
    agent: pack.agent ? { kind: 'own' } : { kind: 'backend', role: roles.agent },
    ...(roles.judge && { judge: roles.judge }),
    // A simulated user is connected (and checked, priced, recorded) only for a run that has one to play.
    ...(cases.some((testCase) => testCase.user?.simulated) && { user: resolveUserRole(options) }),
    grading: gradingPlan(options),
    calls: callsPlan(options),
    offline: options.offline,
    ...(options.maxCost !== undefined && { maxCost: options.maxCost }),
    record: { ...(resume && { resume }), flags },
    report: reportPlan(options),
  };
}
