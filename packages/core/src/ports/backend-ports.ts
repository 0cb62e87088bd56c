import type { StopReason, TokenUsage, Transcript } from '../schema/transcript.ts';
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
