import { createHash } from 'node:crypto';
import type { Case, ModelRef } from '@evalpacks/core';
import {
  canonicalJson,
  describeShard,
  type JudgeTuning,
  judgePromptVersion,
  loadPackJudgeTuning,
  USER_PROMPT_VERSION,
} from '@evalpacks/core/runner';
import type { RunMeta } from '@evalpacks/store';
import { checksHash } from '../packs/checks-hash.ts';
import type { RunConfig } from '../persistence/run-config.ts';
import type { RunPlan } from './plan.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Case id to a hash of its content, so an edited case is noticed on --resume. */
function caseHashes(cases: readonly Case[]): Record<string, string> {
  return Object.fromEntries(cases.map((testCase) => [testCase.id, hash(canonicalJson(testCase))]));
}

/** What grades a plan's answers beyond its flags: read once, stored with the run, used by the runner. */
export interface Grader {
  /** The pack's judge.md, for a plan with a judge; null when it has none (core's prompt as it is). */
  tuning: JudgeTuning | null;
  /** The judge prompt's version, for a plan with a judge. */
  judgePrompt?: string;
  /** A hash of the pack's checks and their code (checksHash). */
  checks: string;
}

/** Reads what grades the plan: a judge.md that does not parse fails here, before anything is recorded. */
export async function planGrader(plan: RunPlan): Promise<Grader> {
  const tuning = plan.judge ? ((await loadPackJudgeTuning(plan.pack)) ?? null) : null;
  return {
    tuning,
    ...(plan.judge && { judgePrompt: judgePromptVersion(plan.grading.judgeStyle, tuning) }),
    checks: await checksHash(plan.pack),
  };
}

/**
 * The run record a plan stores: what it ran on (pack, variant, prompt, models, epochs) in the record's own
 * fields, the rest of what decides its results in `config`; each fact once. A re-judge keeps the prompt
 * hash of the run whose answers it reads.
 */
export function storedRun(
  plan: RunPlan,
  agent: ModelRef,
  judge: ModelRef | undefined,
  grader: Grader,
): Omit<RunMeta, 'gitCommit' | 'startedAt'> {
  const config: RunConfig = {
    // Every case of the configuration, so the shards of one run agree on it and merge restores the order.
    cases: caseHashes(plan.shard ? plan.shard.allCases : plan.cases),
    structural: plan.grading.structural,
    judgeAlways: plan.grading.judgeAlways,
    maxTurns: plan.grading.maxTurns,
    judgeStyle: plan.grading.judgeStyle,
    ...(judge && grader.judgePrompt && { judgePrompt: grader.judgePrompt }),
    ...(plan.user && { user: { ...plan.user, prompt: USER_PROMPT_VERSION } }),
    checks: grader.checks,
    shard: plan.shard ? describeShard(plan.shard.part) : 'all',
    split: plan.split,
    ...(plan.tag && { tag: plan.tag }),
    flags: plan.record.flags as RunConfig['flags'],
  };
  return {
    kind: plan.kind,
    ...(plan.record.parentRunId !== undefined && { parentRunId: plan.record.parentRunId }),
    pack: plan.pack.name,
    variant: plan.variant.name,
    promptHash: plan.agent.kind === 'stored' ? plan.agent.run.promptHash : hash(plan.variant.text),
    agent,
    ...(judge && { judge }),
    epochs: plan.epochs,
    offline: plan.offline,
    config,
    ...(plan.shard && { shard: plan.shard.part }),
  };
}
