import type { AgentPort, CacheMode, CallCache, JudgePort } from '@evalpacks/core';
import { ModelCalls } from '@evalpacks/core';

export interface BackendRequest {
  ollamaHost?: string;
  /** Every agent model the command will run (eval has one, compare up to two); all are preflighted. */
  agentModels: string[];
  /** Omit for structural-only runs: no judge, no judge preflight. */
  judgeModel?: string;
  /** Seconds for one model request. */
  timeout: number;
  /** The call cache every model call goes through, and how; without it every call is made. */
  cache?: { store: CallCache; mode: CacheMode };
}

export interface Backends {
  host: string;
  /** The agent on one of the requested models. */
  agent(model: string): AgentPort;
  judge?: JudgePort;
  /** Every model call of the agents and the judge: made or answered from the cache. */
  calls: ModelCalls;
}

/**
 * Connects the models a command needs and checks that the server has every one of them. The backends load
 * lazily, so --list, usage errors and bad case files never pay for the model clients; the agents are created
 * before the check so the agent runtime loads while it is in flight. With a call cache the check waits for
 * the first call the cache cannot answer, so a run the cache answers entirely never contacts the server.
 */
export async function connectBackends(request: BackendRequest): Promise<Backends> {
  const models = await import('@evalpacks/models');
  const host = models.resolveOllamaHost(request.ollamaHost);
  const timeoutMs = request.timeout * 1000;
  const needed = [...request.agentModels, ...(request.judgeModel ? [request.judgeModel] : [])];
  const preflight = () => models.preflightOllama(host, needed);
  const calls = new ModelCalls(request.cache?.store, request.cache?.mode ?? 'use', request.cache && preflight);
  const agents = new Map(
    request.agentModels.map((model) => [model, models.createOllamaAgent({ host, model, timeoutMs, calls })]),
  );
  const judge = request.judgeModel
    ? models.createOllamaJudge({ host, model: request.judgeModel, timeoutMs, calls })
    : undefined;
  // No model needed (a pack's own agent, no judge): Ollama is not contacted at all.
  if (!request.cache && needed.length > 0) await preflight();
  return {
    host,
    agent(model) {
      const agent = agents.get(model);
      if (!agent) throw new Error(`no agent was connected for model ${model}`);
      return agent;
    },
    judge,
    calls,
  };
}

/** The note every command prints when the judge grades its own model's answers. */
export const SELF_JUDGE_NOTE =
  'note   the judge is the agent model; a different --judge-model avoids self-preference\n';
