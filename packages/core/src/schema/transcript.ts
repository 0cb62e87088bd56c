import { z } from 'zod';

/** Token counts for one model call or a sum of them. */
export const TokenUsageSchema = z.object({
  input: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

export const ToolCallSchema = z.object({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** What the tool returned, as the model saw it. */
  result: z.unknown().optional(),
  /** Set when the tool threw: the loop goes on, the failure stays visible. */
  error: z.string().optional(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * Why the model stopped: it finished ('end'), hit its output limit ('length'), was stopped at the turn
 * limit, cancelled, or filtered by the provider.
 */
export const StopReasonSchema = z.enum(['end', 'length', 'turn-limit', 'cancelled', 'content-filter']);
export type StopReason = z.infer<typeof StopReasonSchema>;

/** One turn of a conversation as it happened: a user message, or an agent reply with the tools it called. */
export const ConversationTurnSchema = z.object({
  role: z.enum(['user', 'agent']),
  text: z.string(),
  /** Agent turns: the tool calls made while producing this reply, in order. */
  toolCalls: z.array(ToolCallSchema).optional(),
});
export type ConversationTurn = z.infer<typeof ConversationTurnSchema>;

/**
 * How a conversation ended: the user said ###STOP###, the script ran out, maxTurns was reached without a
 * stop (not an agent failure, never silently graded), the simulated user broke the protocol, or the agent
 * failed (an error, see the transcript's error).
 */
export const ConversationEndSchema = z.enum(['user-stop', 'script-end', 'turn-limit', 'user-error', 'agent-error']);
export type ConversationEnd = z.infer<typeof ConversationEndSchema>;

/** The conversation part of a transcript; absent for single-message cases. */
const ConversationShape = {
  /** Every turn in order, starting with the case's input as the first user turn. */
  conversation: z.array(ConversationTurnSchema).optional(),
  conversationEnd: ConversationEndSchema.optional(),
  /** What the simulated user did wrong (empty reply, a tool call, the agent's voice), with its text. */
  userError: z.string().optional(),
  /** The simulated user's tokens (the agent's stay in usage); --max-cost counts both. */
  userUsage: TokenUsageSchema.optional(),
};

/**
 * The only view the checks and the judge get of an agent. Anything that can produce one
 * (the built-in Strands agent, a user's own agent over HTTP) can be evaluated.
 */
export const TranscriptSchema = z.object({
  input: z.string(),
  answer: z.string(),
  toolCalls: z.array(ToolCallSchema).default([]),
  turns: z.number().int().nonnegative(),
  usage: TokenUsageSchema.default({ input: 0, output: 0 }),
  latencyMs: z.number().nonnegative(),
  /** Model calls the backend repeated (throttling, 5xx) on the way; absent when it never retries. */
  retries: z.number().int().nonnegative().optional(),
  model: z.string(),
  /** Why the agent produced no usable answer (a backend failure, ...). */
  error: z.string().optional(),
  /** The loop was stopped at max turns, still calling tools: a failure of the agent, not of the harness. */
  turnLimitReached: z.boolean().optional(),
  /** A hand-written sample answer from the pack's fixtures (offline mode), not a model's. */
  sample: z.boolean().optional(),
  /** The answer's length in characters before the run cut it to its cap; absent when it was not cut. */
  answerCut: z.number().int().positive().optional(),
  /** Why the last model call stopped; absent for agents that do not say (a user's own, a sample). */
  stopReason: StopReasonSchema.optional(),
  /**
   * The model's thinking, every turn's, in order (blank line between turns). Kept for people to read;
   * never shown to the judge. Its tokens are in usage.output, as the servers count them.
   */
  thinking: z.string().optional(),
  /** The server read only this many tokens of the prompt (it cut the rest): the answer is not to the case. */
  promptTruncatedTo: z.number().int().nonnegative().optional(),
  /**
   * The pack's environment as the run left it (its snapshot, JSON data), for checks that compare it with
   * the case's expectedEndState. Set by the runner for the built-in agent, computed from the tool calls
   * for a sample; a pack's own agent supplies it itself, or there is none.
   */
  endState: z.unknown().optional(),
  ...ConversationShape,
});
export type Transcript = z.infer<typeof TranscriptSchema>;
