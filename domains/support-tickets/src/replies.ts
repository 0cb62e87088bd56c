import type { ToolCall, Transcript } from '@evalpacks/core';

/** One reply the customer read, with what stood behind it when it was written. */
export interface Reply {
  text: string;
  /** Every tool call made up to and including this reply's own. */
  callsSoFar: ToolCall[];
  /** Everything the customer wrote before this reply (the ticket, then any later turns). */
  customerWrote: string;
  /** "agent reply 2" in a conversation; undefined for a single-message case, whose one reply is the answer. */
  label?: string;
}

/**
 * The replies of a run, in order. A single-message case has one, its answer. In a conversation every agent
 * turn reached the customer, so a leak or an unbacked claim in turn 2 counts as much as one in the last.
 */
export function repliesOf(transcript: Transcript): Reply[] {
  const turns = transcript.conversation;
  // No agent turn recorded (an agent that failed at once): the answer, if any, is all the customer read.
  if (!turns?.some((turn) => turn.role === 'agent')) {
    return [{ text: transcript.answer, callsSoFar: transcript.toolCalls, customerWrote: transcript.input }];
  }
  const replies: Reply[] = [];
  const calls: ToolCall[] = [];
  const wrote: string[] = [];
  for (const turn of turns) {
    if (turn.role === 'user') {
      wrote.push(turn.text);
      continue;
    }
    calls.push(...(turn.toolCalls ?? []));
    replies.push({
      text: turn.text,
      callsSoFar: [...calls],
      customerWrote: wrote.join('\n'),
      label: `agent reply ${replies.length + 1}`,
    });
  }
  return replies;
}
