import type { ConversationTurn, StopReason, Transcript } from '@evalpacks/core';
import { findCacheMiss, type InfrastructureError } from '@evalpacks/core/runner';
import type { AgentResult, Message, Model, Tool as StrandsTool } from '@strands-agents/sdk';
import {
  AfterModelCallEvent,
  AfterToolCallEvent,
  Agent,
  BeforeModelCallEvent,
  MaxTokensError,
} from '@strands-agents/sdk';
import { conversationMessages } from './conversation-messages.ts';
import { TranscriptRecorder } from './transcript-recorder.ts';

export interface RunStrandsAgentOptions {
  /** The backend's Strands model provider. */
  model: Model;
  /** The model's name as the transcript records it. */
  modelName: string;
  systemPrompt: string;
  input: string;
  /** A conversation case's turns before `input` (AgentRequest.conversation): the agent starts from them. */
  conversation?: ConversationTurn[];
  tools?: StrandsTool[];
  /** Model calls allowed; a loop still asking for tools after this many is cut off. */
  maxTurns: number;
  /** The failure hidden in a thrown error that dooms every case (unreachable, no access), if any. */
  asInfrastructureError: (error: unknown) => InfrastructureError | undefined;
  /** A one-line reason for the transcript, for any other failure. */
  describeError: (error: unknown) => string;
  /** The transcript's error for an answer cut off at the output limit: what happened and the fix. */
  cutOff?: string;
}

/** Strands' final stop reasons in the transcript's words. */
const STOP_REASONS: Record<string, StopReason> = {
  endTurn: 'end',
  stopSequence: 'end',
  toolUse: 'end',
  maxTokens: 'length',
  limitTurns: 'turn-limit',
  cancelled: 'cancelled',
  contentFiltered: 'content-filter',
  guardrailIntervened: 'content-filter',
};

function textOf(message: Message | undefined, type: 'textBlock' | 'reasoningBlock'): string {
  return (message?.content ?? [])
    .flatMap((block) => (block.type === type && block.text ? [block.text] : []))
    .join('\n')
    .trim();
}

/** A prompt the server cut, as a backend's error says it (`truncatedTo` on any error in the chain). */
function truncatedTo(error: unknown): number | undefined {
  for (let e = error; e != null; e = (e as { cause?: unknown }).cause) {
    const count = (e as { evaluatedTokens?: unknown }).evaluatedTokens;
    if ((e as Error).name === 'PromptTruncatedError' && typeof count === 'number') return count;
  }
  return undefined;
}

/**
 * Runs one case through a real Strands agent on whatever model the backend supplies. Backend
 * failures end up in the transcript's `error`; only failures that doom every case throw, as an
 * InfrastructureError.
 */
export async function runStrandsAgent(options: RunStrandsAgentOptions): Promise<Transcript> {
  const { model, modelName, systemPrompt, input, tools = [], maxTurns } = options;
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    throw new RangeError(`maxTurns must be a positive integer, got ${maxTurns}`);
  }
  const agent = new Agent({
    model,
    systemPrompt,
    tools,
    ...(options.conversation && { messages: conversationMessages(options.conversation) }),
    printer: false,
    // Strands' retries would hide failures and inflate latency; backends own that policy.
    retryStrategy: null,
  });

  const recorder = new TranscriptRecorder();
  agent.addHook(BeforeModelCallEvent, () => recorder.modelCallStarted());
  agent.addHook(AfterModelCallEvent, (event) => {
    if (event.stopData) recorder.modelReplied(event.stopData.message);
  });
  agent.addHook(AfterToolCallEvent, (event) => recorder.toolFinished(event.toolUse.toolUseId, event.result));

  const started = performance.now();
  const finish = (answer: string, error?: string): Transcript => ({
    input,
    answer,
    ...recorder.snapshot(),
    latencyMs: Math.round(performance.now() - started),
    model: modelName,
    ...(error !== undefined && { error }),
  });

  let result: AgentResult;
  try {
    // Strands counts loop cycles (one model call plus its tools) and stops before starting
    // cycle maxTurns+1 with stopReason 'limitTurns' instead of throwing.
    result = await agent.invoke(input, { limits: { turns: maxTurns } });
  } catch (error) {
    const infrastructure = options.asInfrastructureError(error);
    if (infrastructure) throw infrastructure;
    // Offline with a turn the cache lacks: the caller falls back to a sample, so this is not an answer.
    const miss = findCacheMiss(error);
    if (miss) throw miss;
    if (error instanceof MaxTokensError) {
      // The cut-off answer stays visible on its case, as an error: half an answer is neither pass nor fail.
      recorder.modelReplied(error.partialMessage);
      const cutOff = options.cutOff ?? 'the answer was cut off at the output limit';
      return { ...finish(textOf(error.partialMessage, 'textBlock'), cutOff), stopReason: 'length' };
    }
    const truncated = truncatedTo(error);
    return {
      ...finish('', options.describeError(error)),
      ...(truncated !== undefined && { promptTruncatedTo: truncated }),
    };
  }

  const stopReason = STOP_REASONS[result.stopReason] ?? 'end';
  // Still asking for tools at the limit: the agent's failure, recorded with its calls, not a crash.
  if (result.stopReason === 'limitTurns') return { ...finish(''), turnLimitReached: true, stopReason };
  if (result.stopReason === 'cancelled') return { ...finish('', 'cancelled'), stopReason };
  return { ...finish(textOf(result.lastMessage, 'textBlock')), stopReason };
}
