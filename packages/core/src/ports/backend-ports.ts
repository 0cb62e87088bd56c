import type { ConversationTurn, StopReason, TokenUsage, Transcript } from '../schema/transcript.ts';
import type { SimulatedUser } from '../schema/user-block.ts';
import type { Tool } from '../tools/define-tool.ts';

/** What the runner asks of an agent for one case. Tools are the pack's; the backend runs the loop. */
export interface AgentRequest {
  caseId: string;
  epoch: number;
  systemPrompt: string;
  input: string;
  maxTurns: number;
  /** This case run's own tools (fresh state); absent for packs without tools. */
  tools?: Tool[];
  /**
   * Given only to a run without tools, which answers in one model call (retries aside): the backend calls
   * it as that call leaves. A phased run then sends judge calls into the slots the last agent calls leave
   * idle, with no agent call left to come after them: a server that holds one model still switches once
   * (Ollama unloads a model only once its requests are answered). A backend that never calls it keeps the
   * judging waiting until every agent run has ended.
   */
  onCallSent?: () => void;
  /**
   * A conversation case's turns so far (the first is the case's input), ending with an agent reply; `input`
   * is then the user's newest message. Absent for a first turn. The agent answers `input` in that context
   * and its transcript holds this turn only (the runner assembles the conversation).
   */
  conversation?: ConversationTurn[];
}

/** What the runner asks of a simulated user: its next message, given the conversation so far. */
export interface UserTurnRequest {
  caseId: string;
  epoch: number;
  user: SimulatedUser;
  /** Every turn so far, the first being the case's input; the last is the agent's newest reply. */
  conversation: ConversationTurn[];
  signal?: AbortSignal;
}

/** A simulated user's next message; `stop` when it answered ###STOP### alone. */
export interface UserTurn {
  text: string;
  stop: boolean;
  usage: TokenUsage;
  latencyMs: number;
  /** The user broke the protocol (an empty reply, a tool call, the agent's voice): the case is a user error. */
  error?: string;
}

/**
 * The third role, next to agent and judge: a model playing the case's user. It never sees the agent's
 * tools, the expected findings or the checks.
 */
export interface UserSimulatorPort {
  backend: string;
  model: string;
  /** The user prompt's version, stored with the run like the judge's. */
  promptVersion: string;
  next(request: UserTurnRequest): Promise<UserTurn>;
}

/**
 * Anything that turns an input into a Transcript: the built-in Strands agent on a backend, or a
 * user's own agent. Core never imports a backend; apps wire one in.
 */
export interface AgentPort {
  backend: string;
  model: string;
  run(request: AgentRequest): Promise<Transcript>;
}

export interface StructuredCallRequest {
  system: string;
  prompt: string;
  /** JSON schema the backend should constrain the answer to (Ollama `format`, a forced tool, ...). */
  jsonSchema: Record<string, unknown>;
  /** The epoch of the case being judged (default 0): part of the call's cache key, so repeats never share one. */
  epoch?: number;
  /** The judge prompt's version; part of the call's cache key, so a reworded prompt never reuses old answers. */
  promptVersion?: string;
}

export interface StructuredCallResponse {
  /** The raw text; core parses and validates it, so garbage becomes a recorded judge error. */
  text: string;
  usage: TokenUsage;
  latencyMs: number;
  /** Attempts the backend repeated (throttling, 5xx) before this answer. */
  retries?: number;
  /** Why the answer stopped, when the backend says: 'length' means it was cut off and cannot be read. */
  stopReason?: StopReason;
  /**
   * The last tokens of `text` with their log-probabilities, where the backend returns them (Ollama's and
   * OpenAI-compatible servers' `logprobs`); absent elsewhere. The verdict's confidence is read from them.
   */
  tokens?: AnswerToken[];
}

/** One generated token and its natural-log probability. */
export interface AnswerToken {
  token: string;
  logprob: number;
}

export interface JudgePort {
  backend: string;
  model: string;
  call(request: StructuredCallRequest): Promise<StructuredCallResponse>;
}
