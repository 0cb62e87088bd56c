import { existsSync } from 'node:fs';
import { loadPackCases, loadPackVariant, type Pack, type Variant } from '@evalpacks/core';
import { listVariants, loadVariant } from '@evalpacks/core/runner';
import { BACKEND_OPTIONS, DEFAULT_BACKEND } from '../backends/registry.ts';
import {
  type Backend,
  defaultAgentModel,
  defaultJudgeModel,
  type RoleChoice,
  resolveUserRole,
} from '../backends/roles.ts';
import type { CompareOptions } from '../options/compare-options.ts';
import { loadEvalPack } from '../packs/eval-pack.ts';
import { givenFlags } from '../persistence/run-config.ts';
import { UsageError } from '../usage-error.ts';
import { userPath } from '../user-path.ts';
import type { RunPlan } from './plan.ts';
import { planPolicy } from './policy.ts';
import { casesOfSplit } from './split-cases.ts';

/** A compare: two eval plans over the same pack, cases, epochs and judge, differing in prompt or agent. */
export interface ComparePlan {
  pack: Pack;
  baseline: RunPlan;
  variant: RunPlan;
  seed: number;
  color: boolean;
  /** --reporter names console: the comparison is printed (the header always is). */
  console: boolean;
  /** --max-flaky: the most items that may flip between epochs, both sides together. */
  maxFlaky?: number;
  /** --gate corrected: the verdict rests on the judge-corrected differences instead of the raw figures. */
  gate?: 'corrected';
  /** --max-cost: one budget in US dollars for both sides together (the side plans carry none of their own). */
  maxCost?: number;
}

interface Prompt {
  variant: Variant;
  /** How eval --resume names it again: a variant of the pack or a prompt file. */
  flag: { variant: string } | { prompt: string };
}

/** A --baseline / --variant value: a variant of the pack by name, else a prompt file. */
async function resolvePrompt(pack: Pack, flag: string, value: string): Promise<Prompt> {
  const known = await listVariants(pack);
  if (known.includes(value)) return { variant: await loadPackVariant(pack, value), flag: { variant: value } };
  // A file is named relative to the folder pnpm was called in, as with eval --prompt.
  const file = userPath(value);
  if (existsSync(file)) return { variant: await loadVariant(file), flag: { prompt: file } };
  throw new UsageError(
    `${flag} "${value}" is neither a variant of ${pack.name} (${known.join(', ') || 'none'}) nor a prompt file`,
  );
}

/** A pack's own agent runs both sides, so only the prompt can differ: a model or backend flag would be ignored. */
function refuseAgentFlags(options: CompareOptions, pack: Pack): void {
  const given = (
    [
      ['--baseline-model', options.baselineModel],
      ['--variant-model', options.variantModel],
      ['--baseline-backend', options.baselineBackend],
      ['--variant-backend', options.variantBackend],
    ] as const
  ).find(([, value]) => value !== undefined);
  if (given) {
    throw new UsageError(
      `${given[0]}: ${pack.name} brings its own agent, which runs both sides; compare its prompts with --variant`,
    );
  }
}

/** `compare` as two eval plans: each side is an eval run saved in the store, through the call cache. */
export async function planCompare(options: CompareOptions): Promise<ComparePlan> {
  const pack = await loadEvalPack(options);
  if (pack.agent) refuseAgentFlags(options, pack);
  const baselinePrompt = await resolvePrompt(pack, '--baseline', options.baseline ?? pack.defaultVariant);
  const variantPrompt = options.variant ? await resolvePrompt(pack, '--variant', options.variant) : baselinePrompt;
  const split = options.split ?? 'all';
  const cases = casesOfSplit(
    pack,
    await loadPackCases(
      pack,
      options.testCase?.map((file) => userPath(file)),
    ),
    split,
  );
  const backend = options.backend ?? DEFAULT_BACKEND;
  // --model is the model of the sides on --backend; a side elsewhere takes its backend's default.
  const agentOn = (side: Backend | undefined, model: string | undefined): RoleChoice => {
    const where = side ?? backend;
    return { backend: where, model: model ?? (where === backend ? options.model : defaultAgentModel(where)) };
  };
  const judgeBackend = options.judgeBackend ?? backend;
  const judge: RoleChoice | undefined = options.structuralOnly
    ? undefined
    : {
        backend: judgeBackend,
        model: options.judgeModel ?? defaultJudgeModel(judgeBackend, { backend, model: options.model }),
      };
  const policy = planPolicy(options.policy, pack);
  const backends = BACKEND_OPTIONS.parse(options);

  const side = (prompt: Prompt, agent: RoleChoice): RunPlan => ({
    kind: 'eval',
    pack,
    variant: prompt.variant,
    cases,
    split,
    epochs: options.repeat,
    policy,
    agent: pack.agent ? { kind: 'own' } : { kind: 'backend', role: agent },
    ...(judge && { judge }),
    // Both sides talk to the same simulated user, so a difference is the agent's.
    ...(cases.some((testCase) => testCase.user?.simulated) && { user: resolveUserRole({ ...options, backend }) }),
    // A pair needs both sides graded: judge every item even where structural checks failed.
    grading: {
      structural: !options.skipStructural,
      judgeAlways: true,
      judgeStyle: options.judgeStyle,
      maxTurns: options.maxTurns,
    },
    calls: {
      concurrency: options.concurrency,
      timeout: options.timeout,
      cache: options.cache === false ? 'refresh' : 'use',
      backends,
    },
    offline: false,
    // What `pnpm eval --resume` needs to finish this side as the eval run it is.
    record: {
      flags: givenFlags({
        ...(options.pack ? { pack: options.pack } : { domain: options.domain }),
        ...prompt.flag,
        testCase: options.testCase,
        split: options.split,
        backend: agent.backend,
        model: agent.model,
        judgeBackend: judge?.backend,
        judgeModel: judge?.model,
        structuralOnly: options.structuralOnly,
        skipStructural: options.skipStructural,
        judgeAlways: true,
        maxTurns: options.maxTurns,
        repeat: options.repeat,
        policy: options.policy,
        judgeStyle: options.judgeStyle,
        ...backends,
        timeout: options.timeout,
        concurrency: options.concurrency,
        maxCost: options.maxCost,
      }),
    },
    report: { console: false, color: false, files: [] },
  });
  return {
    pack,
    baseline: side(baselinePrompt, agentOn(options.baselineBackend, options.baselineModel)),
    variant: side(variantPrompt, agentOn(options.variantBackend, options.variantModel)),
    seed: options.seed,
    color: options.color && !options.ci,
    console: options.reporter.includes('console'),
    ...(options.maxFlaky !== undefined && { maxFlaky: options.maxFlaky }),
    ...(options.gate === 'corrected' && { gate: 'corrected' as const }),
    ...(options.maxCost !== undefined && { maxCost: options.maxCost }),
  };
}
