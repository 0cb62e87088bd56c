/**
 * The reference of a conversation scenario (a golden line with a `user` block): the turns a person wrote,
 * with each agent turn's calls run through the real tools of ONE fresh order book in conversation order,
 * as a runner would run them, so a refund in turn 3 sees what turn 2 did.
 */
import { type ConversationTurn, type ToolCall, USER_STOP } from '@evalpacks/core';
import type { EndState } from '../src/end-state.ts';
import { type GoldenLine, ticketInput } from '../src/golden.ts';
import { replayOnFreshDesk } from '../src/replay.ts';

type DraftTurn = { role: 'user' | 'agent'; text: string; toolCalls?: Pick<ToolCall, 'name' | 'arguments'>[] };

export interface ConversationReference {
  conversation: ConversationTurn[];
  conversationEnd: 'user-stop' | 'script-end';
  answer: string;
  toolCalls: ToolCall[];
  turns: number;
  endState: EndState;
}

/**
 * Why the drafted turns cannot be this line's conversation: empty when they can. The first turn is the
 * case's input; turns alternate; a script's later user turns are the line's script, word for word, and
 * the agent answers the last one; a simulated customer's last turn is ###STOP### alone.
 */
export function conversationProblems(line: GoldenLine, turns: readonly DraftTurn[]): string[] {
  const user = line.user;
  if (!user) return ['the line has no user block'];
  const problems: string[] = [];
  turns.forEach((turn, i) => {
    if (turn.role !== (i % 2 === 0 ? 'user' : 'agent'))
      problems.push(`turn ${i + 1} should be the ${i % 2 ? 'agent' : 'user'}'s`);
  });
  if (turns[0]?.text !== ticketInput(line)) problems.push('the first turn is not the case input');
  const said = turns.filter((t, i) => t.role === 'user' && i > 0).map((t) => t.text);
  const replies = turns.filter((t) => t.role === 'agent').length;
  if (user.script) {
    if (JSON.stringify(said) !== JSON.stringify(user.script))
      problems.push("the user's later turns are not the script");
    if (turns.at(-1)?.role !== 'agent')
      problems.push('a scripted conversation ends with the agent answering the last turn');
  } else {
    if (turns.at(-1)?.text !== USER_STOP) problems.push(`a simulated customer ends with ${USER_STOP} alone`);
    if (said.slice(0, -1).some((text) => text.includes(USER_STOP))) problems.push(`${USER_STOP} before the last turn`);
  }
  if (replies > user.maxTurns) problems.push(`${replies} agent replies, more than maxTurns ${user.maxTurns}`);
  return problems;
}

/** Runs the drafted calls and assembles the reference: results per turn, all calls, the last reply. */
export async function conversationReference(
  line: GoldenLine,
  draft: readonly DraftTurn[],
): Promise<ConversationReference> {
  const calls = draft.flatMap((turn) => turn.toolCalls ?? []);
  const { toolCalls, endState } = await replayOnFreshDesk(
    calls.map(({ name, arguments: args }) => ({ name, arguments: args })),
  );
  let next = 0;
  const conversation = draft.map((turn, i): ConversationTurn => {
    const text = i === 0 ? ticketInput(line) : turn.text;
    if (turn.role === 'user') return { role: 'user', text };
    const own = toolCalls.slice(next, next + (turn.toolCalls?.length ?? 0));
    next += own.length;
    return { role: 'agent', text, toolCalls: own };
  });
  const agentTurns = conversation.filter((turn) => turn.role === 'agent');
  return {
    conversation,
    conversationEnd: line.user?.script ? 'script-end' : 'user-stop',
    answer: agentTurns.at(-1)?.text ?? '',
    toolCalls,
    // One model turn per tool call, and one more for each reply.
    turns: toolCalls.length + agentTurns.length,
    endState,
  };
}
