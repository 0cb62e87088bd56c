import type { ModelCalls } from '@evalpacks/core/runner';
import type { BaseModelConfig, Message, ModelStreamEvent, StreamOptions } from '@strands-agents/sdk';
import { Model } from '@strands-agents/sdk';
import { isStreamEvents } from '../common/cached-shapes.ts';

/** What the key needs beside the conversation: whose model it is, its settings, and which repeat. */
export interface CachedModelScope {
  calls: ModelCalls;
  backend: string;
  model: string;
  epoch: number;
}

function systemText(prompt: StreamOptions['systemPrompt']): string {
  if (prompt === undefined) return '';
  if (typeof prompt === 'string') return prompt;
  return prompt.flatMap((block) => (block.type === 'textBlock' ? [block.text] : [])).join('\n');
}

/**
 * The conversation as the key sees it: roles and content blocks, each tool use id replaced by its order of
 * first appearance. Ids are minted per reply (by the server, or by a provider for a server that sends
 * none), so without this a refreshed first turn would give every later turn a key no run asks for again.
 */
function keyedConversation(messages: Message[]): unknown[] {
  const ids = new Map<string, string>();
  const stable = (id: string) => {
    if (!ids.has(id)) ids.set(id, `tool-use-${ids.size + 1}`);
    return ids.get(id);
  };
  return messages.map((message) => ({
    role: message.role,
    content: message.content.map((block) =>
      block.type === 'toolUseBlock' || block.type === 'toolResultBlock'
        ? { ...block, toolUseId: stable(block.toolUseId) }
        : block,
    ),
  }));
}

/** A cached turn as this run sees it: it spent no tokens. */
function free(events: ModelStreamEvent[]): ModelStreamEvent[] {
  return events.map((event) =>
    event.type === 'modelMetadataEvent' && event.usage
      ? { ...event, usage: { ...event.usage, inputTokens: 0, outputTokens: 0, totalTokens: 0 } }
      : event,
  );
}

/**
 * Any Strands model provider, one turn per cache entry: the turn's stream events are collected, cached
 * under the conversation (roles and content blocks, without the per-reply metadata or tool use ids), the system prompt,
 * the tool specs, the provider's settings and the epoch, and replayed on a hit. Every backend's agent
 * turns are cached here and nowhere else (Ollama's, Bedrock's and OpenAI's providers alike), so a replayed
 * turn carries exactly what the live one streamed: its text, thinking, tool calls and stop reason.
 */
export class CachedModel<C extends BaseModelConfig> extends Model<C> {
  constructor(
    private readonly inner: Model<C>,
    private readonly scope: CachedModelScope,
  ) {
    super();
  }

  override updateConfig(config: Partial<C>): void {
    this.inner.updateConfig(config as C);
  }

  override getConfig(): C {
    return this.inner.getConfig();
  }

  override async *stream(messages: Message[], options?: StreamOptions): AsyncGenerator<ModelStreamEvent> {
    const { calls, backend, model, epoch } = this.scope;
    const material = {
      backend,
      model,
      params: { ...(this.inner.getConfig() as Record<string, unknown>), toolChoice: options?.toolChoice ?? null },
      system: systemText(options?.systemPrompt),
      messages: keyedConversation(messages),
      tools: options?.toolSpecs ?? [],
      outputSchema: null,
      epoch,
    };
    const collect = async () => {
      const events: ModelStreamEvent[] = [];
      for await (const event of this.inner.stream(messages, options)) events.push(event);
      return events;
    };
    yield* await calls.run('agent', material, collect, free, isStreamEvents);
  }
}
