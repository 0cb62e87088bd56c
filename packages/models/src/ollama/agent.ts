import { findCacheMiss, type ModelCalls, type Transcript } from '@evalpacks/core';
import type { AgentResult, Tool as StrandsTool } from '@strands-agents/sdk';
import { AfterModelCallEvent, AfterToolCallEvent, Agent, BeforeModelCallEvent } from '@strands-agents/sdk';
import type { Ollama } from 'ollama';
import { asOllamaUnavailable, describeOllamaError } from './errors.ts';
import { OllamaModel } from './strands-model.ts';
import { TranscriptRecorder } from './transcript-recorder.ts';

export interface RunOllamaAgentOptions {
  client: Ollama;
  model: string;
  systemPrompt: string;
  input: string;
  tools?: StrandsTool[];
  /** Model calls allowed; a loop still asking for tools after this many is cut off. */
  maxTurns: number;
  temperature?: number;
  /** The call cache and counter every turn goes through. */
  calls?: ModelCalls;
  /** Which repeat of the case this is: part of every turn's cache key. */
  epoch?: number;
}

/**
 * Runs one case through a real Strands agent on Ollama. Backend failures end up in the
 * transcript's `error`; only failures that doom every case (server unreachable, model not
 * pulled) throw, as an InfrastructureError.
 */
export async function runOllamaAgent(options: RunOllamaAgentOptions): Promise<Transcript> {
  const { client, model, systemPrompt, input, tools = [], maxTurns, temperature, calls, epoch = 0 } = options;
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    throw new RangeError(`maxTurns must be a positive integer, got ${maxTurns}`);
  }
  const agent = new Agent({
    model: new OllamaModel(
      client,
      { modelId: model, ...(temperature !== undefined && { temperature }) },
      calls && { calls, epoch },
    ),
    systemPrompt,
    tools,
    printer: false,
    // Retrying would hide failures and inflate latency; the runner owns that policy.
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
    model,
    ...(error !== undefined && { error }),
  });

  let result: AgentResult;
  try {
    // Strands counts loop cycles (one model call plus its tools) and stops before starting
    // cycle maxTurns+1 with stopReason 'limitTurns' instead of throwing.
    result = await agent.invoke(input, { limits: { turns: maxTurns } });
  } catch (error) {
    const unavailable = asOllamaUnavailable(error, model);
    if (unavailable) throw unavailable;
    // Offline with a turn the cache lacks: the caller falls back to a sample, so this is not an answer.
    const miss = findCacheMiss(error);
    if (miss) throw miss;
    return finish('', describeOllamaError(error));
  }

  // Still asking for tools at the limit: the agent's failure, recorded with its calls, not a crash.
  if (result.stopReason === 'limitTurns') return { ...finish(''), turnLimitReached: true };
  if (result.stopReason === 'cancelled') return finish('', 'cancelled');
  const answer = result.lastMessage.content
    .flatMap((block) => (block.type === 'textBlock' ? [block.text] : []))
    .join('\n')
    .trim();
  return finish(answer);
}
