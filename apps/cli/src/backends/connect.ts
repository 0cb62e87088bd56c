import { type AgentPort, type CacheMode, type CallCache, type JudgePort, ModelCalls } from '@evalpacks/core';
import { connectOllama } from './ollama-connection.ts';
import type { OllamaFlags } from './ollama-options.ts';
import type { Backend } from './roles.ts';

export interface BackendRequest {
  /** Where the agents run (default ollama). */
  agentBackend?: Backend;
  /** Every agent model the command will run (eval has one, compare up to two); all are preflighted. */
  agentModels: string[];
  /** Where the judge runs (default: with the agents). */
  judgeBackend?: Backend;
  /** Omit for structural-only runs: no judge, no judge preflight. */
  judgeModel?: string;
  ollamaHost?: string;
  /** --num-ctx, --think, --judge-think, --max-tokens, --max-retries. */
  ollama?: Partial<OllamaFlags>;
  /** The pack gives its agent tools: the agent model must be able to call them. */
  agentNeedsTools?: boolean;
  region?: string;
  profile?: string;
  bedrockEndpoint?: string;
  /** Seconds for one model request. */
  timeout: number;
  /**
   * The call cache every model call goes through, and how. With it the network checks wait for the first
   * call the cache cannot answer, so a run it answers entirely contacts no backend; offline, none ever.
   */
  cache?: { store: CallCache; mode: CacheMode };
}

export interface Backends {
  /** The Ollama server, when one is used. */
  host?: string;
  /**
   * How a header says where each backend used is, and how it sizes contexts:
   * ` @ http://127.0.0.1:11434 · num_ctx auto`, ` · us-east-1 @ URL`.
   */
  where: Partial<Record<Backend, string>>;
  /** The agent on one of the requested models. */
  agent(model: string): AgentPort;
  judge?: JudgePort;
  /** Every model call of the agents and the judge: made, or answered from the cache. */
  calls: ModelCalls;
}

interface Connection {
  where: string;
  host?: string;
  agent: (model: string) => AgentPort;
  judge: (model: string) => JudgePort;
  /** Checks that need the network: run after the agents exist, so their runtime loads meanwhile. */
  preflight: () => Promise<void>;
  contextNote?: string;
}

/** Bedrock's credentials are checked up front: that needs no network, and a run without them ends at once. */
async function bedrock(
  request: BackendRequest,
  models: string[],
  timeoutMs: number,
  calls: ModelCalls,
): Promise<Connection> {
  // The SDK's Node 22 notice is for its maintainers' schedule; it would break the one-line error contract.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const bedrock = await import('@evalpacks/models/bedrock');
  const connection = {
    region: await bedrock.resolveBedrockRegion(request.region, request.profile),
    timeoutMs,
    ...(request.profile && { profile: request.profile }),
    ...(request.bedrockEndpoint && { endpoint: request.bedrockEndpoint }),
  };
  // Offline nothing is signed or sent, so no credentials are needed.
  const source = calls.mode === 'offline' ? undefined : await bedrock.checkBedrockCredentials(connection);
  const profile =
    source?.kind === 'api-key'
      ? ` · ${bedrock.describeCredentialSource(source)}`
      : request.profile
        ? ` · profile ${request.profile}`
        : '';
  return {
    where: ` · ${connection.region}${profile}${request.bedrockEndpoint ? ` @ ${request.bedrockEndpoint}` : ''}`,
    agent: (model) => bedrock.createBedrockAgent({ ...connection, model, calls }),
    judge: (model) => bedrock.createBedrockJudge({ ...connection, model, calls }),
    preflight: () => bedrock.preflightBedrock(connection, models),
  };
}

/**
 * Connects the models a command needs and checks, before any case starts, that each backend can serve
 * them (Ollama: the server has every model; Bedrock: credentials, then one 1-token call per model for
 * the id, access and permissions). Backends load lazily, so --list, usage errors and bad case files
 * never pay for the model clients, and a run without Bedrock never loads the AWS SDK; the agents are
 * created before the network checks so the agent runtime loads while they are in flight. With a call
 * cache the network checks run before the first call it cannot answer instead (see BackendRequest.cache).
 */
export async function connectBackends(request: BackendRequest): Promise<Backends> {
  const agentBackend = request.agentBackend ?? 'ollama';
  const judgeBackend = request.judgeBackend ?? agentBackend;
  const modelsOn = (backend: Backend) => [
    ...(agentBackend === backend ? request.agentModels : []),
    ...(request.judgeModel && judgeBackend === backend ? [request.judgeModel] : []),
  ];
  const timeoutMs = request.timeout * 1000;
  const connections: Partial<Record<Backend, Connection>> = {};
  const preflight = async () => {
    // The local server first: a run that cannot start should not have paid for a cloud call.
    await connections.ollama?.preflight();
    await connections.bedrock?.preflight();
  };
  const calls = new ModelCalls(request.cache?.store, request.cache?.mode ?? 'use', request.cache && preflight);
  if (modelsOn('bedrock').length > 0) {
    connections.bedrock = await bedrock(request, modelsOn('bedrock'), timeoutMs, calls);
  }
  if (modelsOn('ollama').length > 0) {
    connections.ollama = await connectOllama({
      ...(request.ollamaHost && { ollamaHost: request.ollamaHost }),
      ...(request.ollama && { flags: request.ollama }),
      agentModels: agentBackend === 'ollama' ? request.agentModels : [],
      ...(request.agentNeedsTools && { agentNeedsTools: true }),
      ...(request.judgeModel && judgeBackend === 'ollama' && { judgeModel: request.judgeModel }),
      timeoutMs,
      calls,
    });
  }
  const on = (backend: Backend): Connection => {
    const connection = connections[backend];
    if (!connection) throw new Error(`backend ${backend} was not connected`);
    return connection;
  };

  const agents = new Map(request.agentModels.map((model) => [model, on(agentBackend).agent(model)]));
  const judge = request.judgeModel ? on(judgeBackend).judge(request.judgeModel) : undefined;
  if (!request.cache) await preflight();
  return {
    ...(connections.ollama?.host && { host: connections.ollama.host }),
    where: Object.fromEntries(
      Object.entries(connections).map(([backend, c]) => [backend, `${c.where}${c.contextNote ?? ''}`]),
    ),
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
