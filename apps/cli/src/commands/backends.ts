import type { AgentPort, JudgePort } from '@evalpacks/core';

export interface BackendRequest {
  ollamaHost?: string;
  /** Every agent model the command will run (eval has one, compare up to two); all are preflighted. */
  agentModels: string[];
  /** Omit for structural-only runs: no judge, no judge preflight. */
  judgeModel?: string;
  /** Seconds for one model request. */
  timeout: number;
}

export interface Backends {
  host: string;
  /** The agent on one of the requested models. */
  agent(model: string): AgentPort;
  judge?: JudgePort;
}

/**
 * Connects the models a command needs and checks, before any case starts, that the server has every one
 * of them. The backends load lazily, so --list, usage errors and bad case files never pay for the model
 * clients; the agents are created before the preflight so the agent runtime loads while it is in flight.
 */
export async function connectBackends(request: BackendRequest): Promise<Backends> {
  const models = await import('@evalpacks/models');
  const host = models.resolveOllamaHost(request.ollamaHost);
  const timeoutMs = request.timeout * 1000;
  const agents = new Map(
    request.agentModels.map((model) => [model, models.createOllamaAgent({ host, model, timeoutMs })]),
  );
  const judge = request.judgeModel
    ? models.createOllamaJudge({ host, model: request.judgeModel, timeoutMs })
    : undefined;
  const needed = [...request.agentModels, ...(request.judgeModel ? [request.judgeModel] : [])];
  // No model needed (a pack's own agent, no judge): Ollama is not contacted at all.
  if (needed.length > 0) await models.preflightOllama(host, needed);
  return {
    host,
    agent(model) {
      const agent = agents.get(model);
      if (!agent) throw new Error(`no agent was connected for model ${model}`);
      return agent;
    },
    judge,
  };
}

/** The note every command prints when the judge grades its own model's answers. */
export const SELF_JUDGE_NOTE =
  'note   the judge is the agent model; a different --judge-model avoids self-preference\n';
