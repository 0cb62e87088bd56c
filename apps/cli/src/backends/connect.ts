import { visible } from '@evalpacks/core/report';
import {
  type AgentPort,
  type CacheMode,
  type CallCache,
  type CallListener,
  type JudgePort,
  ModelCalls,
  type ThrottleSignals,
} from '@evalpacks/core/runner';
import type { Connection } from './backend-entry.ts';
import { BACKENDS, type Backend, type BackendOptions, backendEntry } from './registry.ts';
import type { RoleChoice } from './roles.ts';

export interface BackendRequest {
  /** Every agent the command will run (eval has one, compare up to two); all are preflighted. */
  agents: RoleChoice[];
  /** Omit for structural-only runs: no judge, no judge preflight. */
  judge?: RoleChoice;
  /** The simulated user of conversation cases; omit when no case has one. */
  user?: RoleChoice;
  /** Every backend's own flags (--ollama-host, --region, ...); each backend reads its own. */
  options: BackendOptions;
  /** The pack gives its agent tools, so the agent models must be able to call them. */
  agentTools?: boolean;
  /** Seconds for one model request. */
  timeout: number;
  /**
   * The call cache every model call goes through, and how. With it the network checks wait for the first
   * call the cache cannot answer, so a run it answers entirely contacts no backend; offline, none ever.
   */
  cache?: { store: CallCache; mode: CacheMode };
  /** Told of throttled and successful calls by the backends that can be throttled (adaptive concurrency). */
  signals?: ThrottleSignals;
  /** Told of every model call as it is sent, answered (or found in the cache) and failed. */
  onCall?: CallListener;
  /** Told of every retry a backend decides on, with the backend's name. */
  onRetry?: (backend: Backend) => void;
  /** --concurrency: what each server of a backend with several takes at once. */
  concurrency: number;
  /** Where a backend's one-line warnings go (default: stderr). */
  warn?: (line: string) => void;
}

export interface Backends {
  /** How a header says where each backend used is: ` @ http://127.0.0.1:11434`, ` · us-east-1 @ URL`. */
  where: Partial<Record<Backend, string>>;
  /** The agent of one of the requested roles. */
  agent(role: RoleChoice): AgentPort;
  judge?: JudgePort;
  /** The simulated user's structured call (its calls cached and counted as the user's). */
  user?: JudgePort;
  /** Every model call of the agents and the judge: made, or answered from the cache. */
  calls: ModelCalls;
  /** The backends' own summary rows (which Ollama hosts served how many calls). */
  summaryRows(): [string, string][];
  /** Where the calls are going, for the progress line (` on 2 of 3 ollama hosts`), or empty. */
  progressNote(): string;
  /** Model calls sent and not answered yet. */
  inFlight(): number;
  /**
   * Model calls not sent yet: waiting for a free server slot (a host taken out of several leaves calls
   * waiting) or out a retry's backoff.
   */
  waiting(): number;
}

/**
 * Connects the models a command needs and checks, before any case starts, that each backend can serve
 * them (see each backend's preflight). Backends load lazily, so --list, usage errors and bad case files
 * never pay for the model clients, and a run without Bedrock never loads the AWS SDK; the agents are
 * created before the network checks so the agent runtime loads while they are in flight. With a call
 * cache the network checks run before the first call it cannot answer instead (see BackendRequest.cache).
 */
export async function connectBackends(request: BackendRequest): Promise<Backends> {
  const roles = [...request.agents, ...(request.judge ? [request.judge] : []), ...(request.user ? [request.user] : [])];
  const modelsOn = (backend: Backend) => [
    ...new Set(roles.filter((role) => role.backend === backend).map((role) => role.model)),
  ];
  const timeoutMs = request.timeout * 1000;
  const connections = new Map<Backend, Connection>();
  // In registry order: the local server first, so a run that cannot start has not paid for a cloud call.
  const preflight = async () => {
    for (const connection of connections.values()) await connection.preflight();
  };
  const calls = new ModelCalls(
    request.cache?.store,
    request.cache?.mode ?? 'use',
    request.cache && preflight,
    request.onCall,
  );
  // Connected last to first (credentials checked before anything local), preflighted first to last.
  const used = BACKENDS.map((entry) => entry.name).filter((name) => modelsOn(name).length > 0);
  const connected = new Map<Backend, Connection>();
  for (const name of [...used].reverse()) {
    const entry = backendEntry(name);
    const options = entry.options.parse(request.options);
    const agentTools = request.agentTools ?? false;
    const { concurrency } = request;
    const signals = retrySignals(request, name);
    // A warning may quote a server's own error text: printed as visible text.
    const warn = request.warn ?? ((line: string) => process.stderr.write(`${visible(line)}\n`));
    connected.set(
      name,
      await entry.connect({
        options,
        models: modelsOn(name),
        timeoutMs,
        calls,
        agentTools,
        signals,
        concurrency,
        warn,
      }),
    );
  }
  for (const name of used) connections.set(name, connected.get(name) as Connection);
  const on = (backend: Backend): Connection => {
    const connection = connections.get(backend);
    if (!connection) throw new Error(`backend ${backend} was not connected`);
    return connection;
  };

  const waiting = () => [...connections.values()].reduce((sum, connection) => sum + (connection.waiting?.() ?? 0), 0);
  const key = (role: RoleChoice) => `${role.backend} ${role.model}`;
  const agents = new Map(request.agents.map((role) => [key(role), on(role.backend).agent(role.model)]));
  const judge = request.judge && on(request.judge.backend).judge(request.judge.model);
  const user = request.user && on(request.user.backend).judge(request.user.model, 'user');
  if (!request.cache) await preflight();
  return {
    where: Object.fromEntries([...connections].map(([backend, c]) => [backend, c.where])),
    agent(role) {
      const agent = agents.get(key(role));
      if (!agent) throw new Error(`no agent was connected for ${key(role)}`);
      return agent;
    },
    judge,
    ...(user && { user }),
    calls,
    summaryRows: () => [...connections.values()].flatMap((connection) => connection.summaryRows?.() ?? []),
    progressNote: () => [...connections.values()].map((connection) => connection.progressNote?.() ?? '').join(''),
    // The call counter counts a call from the cache miss to the answer, its wait for a slot included.
    inFlight: () => calls.inFlight() - waiting(),
    waiting,
  };
}

/** The run's throttle signals, with each retry of this backend's calls passed on to `onRetry`. */
function retrySignals(request: BackendRequest, backend: Backend): ThrottleSignals | undefined {
  const { signals, onRetry } = request;
  if (!onRetry) return signals;
  return {
    throttled: () => signals?.throttled(),
    succeeded: () => signals?.succeeded(),
    retrying: () => onRetry(backend),
  };
}

/** The note every command prints when the judge grades its own model's answers. */
export const SELF_JUDGE_NOTE =
  'note   the judge is the agent model; a different --judge-model avoids self-preference\n';
