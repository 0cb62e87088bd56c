import type { ToolCall, Transcript } from '@evalpacks/core';
import type { Message, ToolResultBlock } from '@strands-agents/sdk';
import { resultValue, toolResultText } from './tool-result.ts';

/**
 * Collects what a Strands run did, from its hooks rather than from `agent.messages`: hooks also
 * see a run that fails halfway, and a conversation manager may trim old messages.
 */
export class TranscriptRecorder {
  private turns = 0;
  private readonly usage = { input: 0, output: 0 };
  private readonly toolCalls: ToolCall[] = [];
  private readonly thinking: string[] = [];
  private readonly pending = new Map<string, ToolCall>();

  modelCallStarted(): void {
    this.turns += 1;
  }

  /** Records usage, thinking and, in the order the model asked, every tool call it requested. */
  modelReplied(message: Message): void {
    this.usage.input += message.metadata?.usage?.inputTokens ?? 0;
    this.usage.output += message.metadata?.usage?.outputTokens ?? 0;
    for (const block of message.content) {
      if (block.type === 'reasoningBlock' && block.text) this.thinking.push(block.text);
      if (block.type !== 'toolUseBlock') continue;
      const call: ToolCall = { name: block.name, arguments: asRecord(block.input) };
      this.toolCalls.push(call);
      this.pending.set(block.toolUseId, call);
    }
  }

  toolFinished(toolUseId: string, result: ToolResultBlock): void {
    const call = this.pending.get(toolUseId);
    if (!call) return;
    this.pending.delete(toolUseId);
    if (result.status === 'error') call.error = result.error?.message ?? toolResultText(result);
    else call.result = resultValue(result);
  }

  snapshot(): Pick<Transcript, 'toolCalls' | 'turns' | 'usage' | 'thinking'> {
    return {
      toolCalls: this.toolCalls.map((call) => ({ ...call })),
      turns: this.turns,
      usage: { ...this.usage },
      ...(this.thinking.length > 0 && { thinking: this.thinking.join('\n\n') }),
    };
  }
}

function asRecord(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? { ...(input as Record<string, unknown>) }
    : { value: input };
}
