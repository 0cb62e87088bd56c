import type { AgentPort, JudgePort, ModelCalls } from '@evalpacks/core/runner';
import type { SimulatedUserScript, UserRule } from '@evalpacks/testkit';

export interface Usage {
  input: number;
  output: number;
}

/**
 * One backend running against its loopback stand-in, as the contract suite drives it. A fixture only
 * translates: scripting the stand-in in its own wire terms and making the backend's ports with its real
 * client. Adding a backend means adding one fixture file and one `backendContract(fixture)` call.
 */
export interface ContractStandIn {
  /** The backend's agent on the stand-in's agent model (or on a model the stand-in does not have). */
  agent(options?: { calls?: ModelCalls; unknownModel?: boolean }): AgentPort;
  /** The backend's structured-call port on the judge model; `role: 'user'` files its calls as the simulated user's. */
  judge(options?: { calls?: ModelCalls; role?: 'judge' | 'user' }): JudgePort;
  /** Simulated-user turns are answered by `rules` (the stand-in's simulated user), each costing `usage`. */
  scriptUser(rules: UserRule[], usage: Usage): SimulatedUserScript;
  /** The next agent turn answers `text`, counting `usage`. */
  scriptAnswer(text: string, usage: Usage): void;
  /** The first turn calls `tool` with `args`; the turn after the tool result answers `text`. */
  scriptToolLoop(call: { tool: string; args: Record<string, unknown> }, usage: [Usage, Usage], text: string): void;
  /** The next agent turn starts answering `text` but stops at the output limit (the server's "length"). */
  scriptCutOff(text: string): void;
  /** The next agent turn thinks `thinking`, then answers `text`; only where the fixture says `thinking`. */
  scriptThinking?: (thinking: string, text: string) => void;
  /** The judge's structured answer is `verdict`, counting `usage`. */
  scriptVerdict(verdict: Record<string, unknown>, usage: Usage): void;
  /** Every call fails the way one request fails on this server (the model crashed, a 5xx it does not retry). */
  scriptCaseFailure(): void;
  /** The next `times` calls fail transiently (throttling, 5xx) and the one after answers `text`. */
  scriptTransientFailures(times: number, text: string): void;
  /** Model requests (chat / Converse) the stand-in received since the last reset. */
  modelRequests(): number;
  /** The backend's start-up check for these models (`unknownModel` adds one the server lacks). */
  preflight(options?: { unknownModel?: boolean }): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

export interface BackendFixture {
  /** The backend's name as ports report it (`ollama`, `bedrock`). */
  backend: string;
  agentModel: string;
  judgeModel: string;
  /** Whether the backend retries transient failures (throttling, 5xx) itself and counts them. */
  retries: boolean;
  /** Whether the backend's stand-in can think, and the backend puts the thinking on the transcript. */
  thinking: boolean;
  start(): Promise<ContractStandIn>;
}
