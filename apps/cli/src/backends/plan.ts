import type { PriceLookup } from '@evalpacks/core';
import { DEFAULT_BEDROCK_JUDGE_MODEL } from '@evalpacks/models/defaults';
import type { EvalOptions } from '../commands/eval-options.ts';

export type Backend = EvalOptions['backend'];

export interface RoleChoice {
  backend: Backend;
  model: string;
}

/** Which backend and model each role uses, and what they cost; decided without any network call. */
export interface BackendPlan {
  agent: RoleChoice;
  /** Absent for a structural-only run. */
  judge?: RoleChoice;
  priceOf: PriceLookup;
  /** Where the prices come from, for messages about a missing one. */
  priceTablePath: string;
}

/** The judge model when none is given: Bedrock's cheaper default, or on Ollama the agent's own model. */
function defaultJudgeModel(options: EvalOptions, judgeBackend: Backend, ollamaDefault: string): string {
  if (judgeBackend === 'bedrock') return DEFAULT_BEDROCK_JUDGE_MODEL;
  return options.backend === 'ollama' ? options.model : ollamaDefault;
}

/** Resolves --backend / --judge-backend, the models and their prices, without any network call. */
export async function planBackends(options: EvalOptions, ollamaDefault: string): Promise<BackendPlan> {
  const pricing = await import('@evalpacks/models/pricing');
  const judgeBackend = options.structuralOnly ? undefined : (options.judgeBackend ?? options.backend);
  return {
    agent: { backend: options.backend, model: options.model },
    ...(judgeBackend && {
      judge: {
        backend: judgeBackend,
        model: options.judgeModel ?? defaultJudgeModel(options, judgeBackend, ollamaDefault),
      },
    }),
    priceOf: pricing.priceLookup(pricing.loadPriceTable()),
    priceTablePath: pricing.PRICE_TABLE_PATH,
  };
}

/** The models a backend serves in this run, agent's first. */
export function modelsOn(plan: BackendPlan, backend: Backend): string[] {
  return [plan.agent, plan.judge].flatMap((role) => (role?.backend === backend ? [role.model] : []));
}
