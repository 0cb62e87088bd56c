import { BACKENDS, type Backend, backendEntry } from './registry.ts';

export type { Backend } from './registry.ts';

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
  /** The simulated user's backend and model; default: the judge's. */
  userBackend?: Backend;
  userModel?: string;
  /** Defaults to the backend's agent model. */
  model?: string;
  judgeModel?: string;
  structuralOnly: boolean;
}

/** The agent model a backend runs when --model is not given. */
export const defaultAgentModel = (backend: Backend): string => backendEntry(backend).defaults.agent;

/**
 * The judge model on `backend` when --judge-model is not given: the backend's own judge default, else the
 * agent's model when the agent runs there too, else the backend's agent default.
 */
export function defaultJudgeModel(backend: Backend, agent: { backend: string; model: string }): string {
  const { defaults } = backendEntry(backend);
  return defaults.judge ?? (agent.backend === backend ? agent.model : defaults.agent);
}

/** Which backend and model each role uses. The judge runs where --judge-backend says, else with the agent. */
export function resolveRoles(flags: RoleFlags): Roles {
  const agent = { backend: flags.backend, model: flags.model ?? defaultAgentModel(flags.backend) };
  if (flags.structuralOnly) return { agent };
  const backend = flags.judgeBackend ?? flags.backend;
  return { agent, judge: { backend, model: flags.judgeModel ?? defaultJudgeModel(backend, agent) } };
}

/** The backends the roles run on, each once, in registry order. */
export const backendsUsed = (roles: readonly (RoleChoice | undefined)[]): Backend[] =>
  BACKENDS.map((entry) => entry.name).filter((name) => roles.some((role) => role?.backend === name));

/**
 * Where the simulated user of conversation cases runs, and on which model: --user-backend and --user-model,
 * else the judge's (the judge a run would have, even a structural-only one that has none).
 */
export function resolveUserRole(flags: RoleFlags): RoleChoice {
  const judge = resolveRoles({ ...flags, structuralOnly: false }).judge as RoleChoice;
  const backend = flags.userBackend ?? judge.backend;
  const agent = { backend: flags.backend, model: flags.model ?? defaultAgentModel(flags.backend) };
  const model = flags.userModel ?? (backend === judge.backend ? judge.model : defaultJudgeModel(backend, agent));
  return { backend, model };
}
