import { DEFAULT_BEDROCK_JUDGE_MODEL } from '@evalpacks/models/defaults';

export type Backend = 'ollama' | 'bedrock';

/** A role's backend and model; core's ModelRef with the backend narrowed to the ones the CLI knows. */
export interface RoleChoice {
  backend: Backend;
  model: string;
}

export interface Roles {
  agent: RoleChoice;
  /** Absent for a structural-only run. */
  judge?: RoleChoice;
}

export interface RoleFlags {
  backend: Backend;
  judgeBackend?: Backend;
  model: string;
  judgeModel?: string;
  structuralOnly: boolean;
}

/**
 * Which backend and model each role uses. The judge runs where --judge-backend says, else with the
 * agent; its model is --judge-model, else Bedrock's cheaper default, else on Ollama the agent's own
 * model (or the Ollama default when the agent is elsewhere).
 */
export function resolveRoles(flags: RoleFlags, ollamaDefault: string): Roles {
  const agent = { backend: flags.backend, model: flags.model };
  if (flags.structuralOnly) return { agent };
  const backend = flags.judgeBackend ?? flags.backend;
  const fallback =
    backend === 'bedrock' ? DEFAULT_BEDROCK_JUDGE_MODEL : flags.backend === 'ollama' ? flags.model : ollamaDefault;
  return { agent, judge: { backend, model: flags.judgeModel ?? fallback } };
}
