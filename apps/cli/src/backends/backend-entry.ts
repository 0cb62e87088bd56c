import type { AgentPort, JudgePort, ModelCalls, ThrottleSignals } from '@evalpacks/core/runner';
import type { z } from 'zod';

/** A command-line flag a backend adds to every command that runs models. */
export interface BackendFlag {
  /** The option's key as commander gives it, e.g. `ollamaHost` for `--ollama-host`. */
  key: string;
  /** Commander's spelling, e.g. `--ollama-host <url>`. */
  flags: string;
  help: string;
  /** Given more than once, every value is kept (as a list); else the last one counts. */
  repeatable?: boolean;
  /** What applies when it is not given, as help states it (its schema leaves it unset: connect decides). */
  default?: string;
  /**
   * The one role it sets (thinking of the agent, of the judge): refused unless that role runs on the
   * backend. Absent: it sets the backend itself, for every role on it.
   */
  role?: 'agent' | 'judge';
}

/** What a backend is asked to connect: its own options, the models it must serve and the run's call counter. */
export interface ConnectRequest<Options> {
  options: Options;
  /** Every model this backend serves in the command (agents and judge); its preflight checks them all. */
  models: string[];
  timeoutMs: number;
  /** The call cache and counter every model call goes through. */
  calls: ModelCalls;
  /** The pack gives its agent tools: a preflight may check the agent models can call them. */
  agentTools: boolean;
  /**
   * Where a backend that can be throttled (a cloud API, a rate-limited server) reports 429s and successes,
   * and where every backend reports the retries of its calls.
   */
  signals?: ThrottleSignals;
  /** --concurrency: calls in flight at once on each server of a backend that spreads them (see `callsAtOnce`). */
  concurrency: number;
  /** Where a one-line warning goes mid-run (a server taken out). */
  warn: (line: string) => void;
}

/** A connected backend: how to make its agents and judge, and the checks that need the network. */
export interface Connection {
  /** How a header says where it is: ` @ http://127.0.0.1:11434`, ` · us-east-1 @ URL`. */
  where: string;
  agent(model: string): AgentPort;
  /**
   * The backend's structured call on `model`: the judge, or with role 'user' the simulated user (the same
   * kind of call, its own prompt; its calls are counted and cached as the user's).
   */
  judge(model: string, role?: 'judge' | 'user'): JudgePort;
  /** Run once, before the first call the cache cannot answer. */
  preflight(): Promise<void>;
  /** Summary rows of the backend's own, once the run is over (which servers served how many calls). */
  summaryRows?(): [string, string][];
  /** Where its calls are going, for the progress line: ` on 2 of 3 ollama hosts`; empty when there is nothing to say. */
  progressNote?(): string;
  /**
   * Calls it holds back until one of its servers has a free slot, or while they wait out a retry's backoff:
   * ModelCalls counts them in flight, though none is at a server. Absent: all it holds are in flight.
   */
  waiting?(): number;
}

/**
 * One backend as the CLI knows it. The registry (registry.ts) derives `--backend`'s choices, the default
 * models, the stored config flags and the help text from these entries. An entry must stay light: its
 * client loads inside `connect`, so a run that does not use it never loads it.
 */
export interface BackendEntry<Name extends string = string, Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: Name;
  /** The backend's own flags; their keys are the keys of `options`. */
  flags: readonly BackendFlag[];
  /** Each flag's schema under its key. A flag is refused unless a role runs on the backend (see unusedBackendFlags). */
  options: z.ZodObject<Shape>;
  defaults: {
    /** The agent model when --model is not given, and how help text names it. */
    agent: string;
    agentLabel: string;
    /** The judge model when --judge-model is not given; absent: the agent's model when the agent runs here too. */
    judge?: string;
    judgeLabel?: string;
  };
  connect(request: ConnectRequest<z.infer<z.ZodObject<Shape>>>): Promise<Connection>;
  /**
   * The calls the backend takes at once for this --concurrency, from its options: more than --concurrency
   * when it spreads them over several servers (each takes --concurrency, or its own limit). Absent: --concurrency.
   */
  callsAtOnce?(options: z.infer<z.ZodObject<Shape>>, concurrency: number): number;
}

/** Declares an entry with its name kept as a literal type. */
export function defineBackend<Name extends string, Shape extends z.ZodRawShape>(
  entry: BackendEntry<Name, Shape>,
): BackendEntry<Name, Shape> {
  return entry;
}
