import { createHash } from 'node:crypto';
import type { Case, ModelRef } from '@evalpacks/core';
import { canonicalJson, describeShard } from '@evalpacks/core/runner';
import type { RunMeta } from '@evalpacks/store';
import type { RunConfig } from '../memory/run-config.ts';
import type { RunPlan } from './plan.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Case id to a hash of its content, so an edited case is noticed on --resume. */
function caseHashes(cases: readonly Case[]): Record<string, string> {
  return Object.fromEntries(cases.map((testCase) => [testCase.id, hash(canonicalJson(testCase))]));
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
): Omit<RunMeta, 'gitCommit' | 'startedAt'> {
  const config: RunConfig = {
    // Every case of the configuration, so the shards of one run agree on it and merge restores the order.
    cases: caseHashes(plan.shard ? plan.shard.allCases : plan.cases),
    structural: plan.grading.structural,
    judgeAlways: plan.grading.judgeAlways,
    maxTurns: plan.grading.maxTurns,
    judgeStyle: plan.grading.judgeStyle,
    shard: plan.shard ? describeShard(plan.shard.part) : 'all',
    split: plan.split,
    flags: plan.record.flags,
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
