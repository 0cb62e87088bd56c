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
 * Connects the models a command needs: checks the server has every one of them before any case starts,
 * then builds one agent per model and the judge. The backends load lazily, so --list, usage errors and bad
 * case files never pay for the model clients.
 */
export async function connectBackends(request: BackendRequest): Promise<Backends> {
  const models = await import('@evalpacks/models');
  const host = models.resolveOllamaHost(request.ollamaHost);
  const needed = [...request.agentModels, ...(request.judgeModel ? [request.judgeModel] : [])];
  await models.preflightOllama(host, [...new Set(needed)]);
  const timeoutMs = request.timeout * 1000;
  return {
    host,
    agent: (model) => models.createOllamaAgent({ host, model, timeoutMs }),
    judge: request.judgeModel ? models.createOllamaJudge({ host, model: request.judgeModel, timeoutMs }) : undefined,
  };
}

/** The note every command prints when the judge grades its own model's answers. */
export const SELF_JUDGE_NOTE =
  'note   the judge is the agent model; a different --judge-model avoids self-preference\n';
