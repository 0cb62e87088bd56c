import { randomUUID } from 'node:crypto';
import type { BaseModelConfig, Message, ModelStreamEvent, StopReason, StreamOptions } from '@strands-agents/sdk';
import { Model } from '@strands-agents/sdk';
import type { ChatRequest, ChatResponse, Options } from 'ollama';
import type { RetryCount } from '../common/retry-policy.ts';
import { ollamaChat } from './chat-call.ts';
import { toOllamaMessages, toOllamaTools } from './format.ts';
import type { OllamaHosts } from './host-pool.ts';

/** The agent's answer budget when none is given: room for a long review, thinking included. */
export const DEFAULT_AGENT_MAX_TOKENS = 8192;

export interface OllamaModelConfig extends BaseModelConfig {
  modelId: string;
  /** Raw Ollama options (seed, ...); temperature/topP/maxTokens above take precedence, num_ctx is sized per call. */
  options?: Partial<Options>;
  /** Ollama's `think` switch for reasoning models; the server's default when unset. */
  think?: ChatRequest['think'];
}

/**
 * Strands model provider for an Ollama server. It asks for the whole reply at once
 * (stream: false): Ollama sends tool calls as complete objects either way, and a single JSON
 * body fails loudly when malformed, whereas ollama-js' NDJSON reader skips bad lines. Every call
 * is sized, retried and checked by ollamaChat; caching is CachedModel's, around this provider, as for
 * every Strands backend.
 */
export class OllamaModel extends Model<OllamaModelConfig> {
  private config: OllamaModelConfig;

  constructor(
    private readonly hosts: OllamaHosts,
    config: OllamaModelConfig,
    /** Where the retries of this model's calls are counted (one case's, when the model is the case's own). */
    private readonly count?: RetryCount,
    /** Called as each of this model's calls leaves (the case's own model: AgentRequest.onCallSent). */
    private readonly onSent?: () => void,
  ) {
    super();
    this.config = { ...config };
  }

  override updateConfig(modelConfig: Partial<OllamaModelConfig>): void {
    this.config = { ...this.config, ...modelConfig };
  }

  override getConfig(): OllamaModelConfig {
    return { ...this.config };
  }

  override async *stream(messages: Message[], options?: StreamOptions): AsyncGenerator<ModelStreamEvent> {
    // Ollama has no tool_choice; options.toolChoice is ignored rather than faked.
    const request = this.buildRequest(messages, options);
    const started = performance.now();
    let response: ChatResponse;
    try {
      response = await ollamaChat({
        hosts: this.hosts,
        request,
        outputTokens: this.config.maxTokens ?? DEFAULT_AGENT_MAX_TOKENS,
        ...(options?.cancelSignal && { signal: options.cancelSignal }),
        ...(this.count && { count: this.count }),
        ...(this.onSent && { onSent: this.onSent }),
      });
    } catch (error) {
      // A bare JSON parse message would not say who sent the bad JSON.
      if (error instanceof SyntaxError) {
        throw new Error(`Ollama reply is not valid JSON: ${error.message}`, { cause: error });
      }
      throw error;
    }
    yield* responseEvents(response, Math.round(performance.now() - started));
  }

  private buildRequest(messages: Message[], options?: StreamOptions): ChatRequest {
    const { modelId, temperature, topP, think } = this.config;
    const modelOptions: Partial<Options> = { ...this.config.options };
    if (temperature !== undefined) modelOptions.temperature = temperature;
    if (topP !== undefined) modelOptions.top_p = topP;

    const request: ChatRequest = { model: modelId, messages: toOllamaMessages(messages, options?.systemPrompt) };
    const tools = toOllamaTools(options?.toolSpecs);
    if (tools) request.tools = tools;
    if (Object.keys(modelOptions).length > 0) request.options = modelOptions;
    if (think !== undefined) request.think = think;
    return request;
  }
}

// Newer servers send an id per tool call; ollama-js 0.6.4's types predate it.
type WireToolCall = NonNullable<ChatResponse['message']['tool_calls']>[number] & { id?: string };

/** One complete Ollama reply as the event sequence Strands' aggregator expects. */
function* responseEvents(response: ChatResponse, latencyMs: number): Generator<ModelStreamEvent> {
  const { message } = response;
  if (typeof message !== 'object' || message === null) {
    const detail = (response as { error?: unknown }).error;
    throw new Error(`Ollama reply has no message${detail ? `: ${String(detail)}` : ''}`);
  }
  yield { type: 'modelMessageStartEvent', role: 'assistant' };

  if (message.thinking) {
    yield { type: 'modelContentBlockStartEvent' };
    yield { type: 'modelContentBlockDeltaEvent', delta: { type: 'reasoningContentDelta', text: message.thinking } };
    yield { type: 'modelContentBlockStopEvent' };
  }
  if (message.content) {
    yield { type: 'modelContentBlockStartEvent' };
    yield { type: 'modelContentBlockDeltaEvent', delta: { type: 'textDelta', text: message.content } };
    yield { type: 'modelContentBlockStopEvent' };
  }
  const toolCalls: WireToolCall[] = message.tool_calls ?? [];
  for (const call of toolCalls) {
    const toolUseId = call.id || `tooluse_${randomUUID()}`;
    yield { type: 'modelContentBlockStartEvent', start: { type: 'toolUseStart', name: call.function.name, toolUseId } };
    yield {
      type: 'modelContentBlockDeltaEvent',
      delta: { type: 'toolUseInputDelta', input: JSON.stringify(call.function.arguments ?? {}) },
    };
    yield { type: 'modelContentBlockStopEvent' };
  }

  yield { type: 'modelMessageStopEvent', stopReason: stopReasonOf(response, toolCalls.length > 0) };
  const inputTokens = response.prompt_eval_count ?? 0;
  const outputTokens = response.eval_count ?? 0;
  yield {
    type: 'modelMetadataEvent',
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    metrics: { latencyMs },
  };
}

function stopReasonOf(response: ChatResponse, hasToolCalls: boolean): StopReason {
  if (hasToolCalls) return 'toolUse';
  // Strands turns 'maxTokens' into a MaxTokensError, which is what a truncated answer deserves.
  if (response.done_reason === 'length') return 'maxTokens';
  return 'endTurn';
}
