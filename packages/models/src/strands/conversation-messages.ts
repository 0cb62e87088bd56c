import type { ConversationTurn, ToolCall } from '@evalpacks/core';
import type { ContentBlockData, MessageData, ToolResultBlockData, ToolUseBlockData } from '@strands-agents/sdk';

type ToolResultContentData = ToolResultBlockData['content'][number];
/** Recorded arguments and results are JSON: they came from a model and a tool as JSON. */
type JSONValue = ToolUseBlockData['input'];

/** The tool's recorded output as result blocks: text stays text, anything else goes back as JSON. */
function resultContent(call: ToolCall): ToolResultContentData[] {
  if (call.error !== undefined) return [{ text: call.error }];
  const values = Array.isArray(call.result) ? call.result : [call.result ?? null];
  return values.map((value) => (typeof value === 'string' ? { text: value } : { json: value as JSONValue }));
}

/**
 * A conversation's earlier turns as the messages a Strands agent starts from. Agent turns are replayed
 * faithfully, not summarised: the tool calls the agent made in a turn go back as tool uses with their
 * recorded results, then its reply, so the model sees what it learnt (an order's details) as it saw it
 * then, and every backend gets them in its own tool-message shape. A turn's calls are replayed as one
 * step (what several model calls asked for in a row reads as one call of several tools); ids are made
 * from the turn and position, so the call cache keys the same conversation the same way on every run.
 */
export function conversationMessages(turns: readonly ConversationTurn[]): MessageData[] {
  const messages: MessageData[] = [];
  turns.forEach((turn, index) => {
    if (turn.role === 'user') {
      messages.push({ role: 'user', content: [{ text: turn.text }] });
      return;
    }
    const calls = turn.toolCalls ?? [];
    if (calls.length > 0) {
      const id = (i: number) => `turn-${index + 1}-call-${i + 1}`;
      const uses: ContentBlockData[] = calls.map((call, i) => ({
        toolUse: { name: call.name, toolUseId: id(i), input: call.arguments as JSONValue },
      }));
      const results: ContentBlockData[] = calls.map((call, i) => ({
        toolResult: {
          toolUseId: id(i),
          status: call.error === undefined ? 'success' : 'error',
          content: resultContent(call),
        },
      }));
      messages.push({ role: 'assistant', content: uses }, { role: 'user', content: results });
    }
    // Servers refuse an empty text block, and roles must alternate: an empty reply is said as such.
    messages.push({ role: 'assistant', content: [{ text: turn.text || '(no reply)' }] });
  });
  return messages;
}
