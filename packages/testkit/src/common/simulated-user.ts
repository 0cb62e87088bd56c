import { RuleList } from './rule-list.ts';

/** What a simulated user says when none of its rules matched: visible in the conversation, never silent. */
export const USER_NO_MATCH = 'stand-in: no simulated-user rule matched this conversation';

/**
 * The opening of evalpacks' simulated-user prompt (core's USER_ROLE_LINE): what a stand-in recognises a
 * user turn by, apart from a judge call (both carry a JSON schema). The testkit does not import core; a
 * test in the models package holds the two equal.
 */
export const USER_PROMPT_MARK = 'You play the user in a conversation with an agent.';

/** What a user rule reads: the conversation as the simulated user was shown it. */
export interface UserTurnSeen {
  /** Every turn shown, in order, its fences removed; the first is the case's input. */
  turns: { role: 'user' | 'agent'; text: string }[];
  /** The agent's newest reply (the last turn), or '' when there is none. */
  agentSaid: string;
  /** How many agent replies the conversation holds. */
  agentTurns: number;
}

/** Declarative: every field given must hold. Plain JSON, so rules can come from a file. */
export interface UserMatchSpec {
  /** The agent's newest reply contains one of these (case-insensitive). */
  agentSays?: string | string[];
  /** The conversation holds exactly this many agent replies. */
  agentTurns?: number;
}

/**
 * What the user answers: `say` is sent as the prompt asks, `{"message": say}`; `raw` goes out as it is
 * (for a user that breaks the protocol: a tool call, garbage).
 */
export type UserAnswer = { say: string; raw?: undefined } | { raw: string; say?: undefined };

/**
 * One rule of a scripted simulated user, tried in order, the first match answering: "when the agent asks
 * for the order number, say it; when it mentions a refund, say ###STOP###; otherwise ask again".
 */
export interface UserRule {
  match?: UserMatchSpec | ((seen: UserTurnSeen) => boolean);
  reply: UserAnswer | ((seen: UserTurnSeen, n: number) => UserAnswer);
  times?: number;
}

/** The blocks of a fenced conversation: `<you fence="ID">` and `<agent fence="ID">`, in order. */
export function readConversation(prompt: string): UserTurnSeen {
  const id = /fence="([0-9a-f]+)"/.exec(prompt)?.[1];
  const turns: UserTurnSeen['turns'] = [];
  if (id) {
    const block = new RegExp(`<(you|agent) fence="${id}">\\n([\\s\\S]*?)\\n</\\1 fence="${id}">`, 'g');
    for (const [, name, text] of prompt.matchAll(block)) {
      turns.push({ role: name === 'you' ? 'user' : 'agent', text: text ?? '' });
    }
  }
  const last = turns.at(-1);
  return {
    turns,
    agentSaid: last?.role === 'agent' ? last.text : '',
    agentTurns: turns.filter((turn) => turn.role === 'agent').length,
  };
}

function matchesUser(spec: UserRule['match'], seen: UserTurnSeen): boolean {
  if (spec === undefined) return true;
  if (typeof spec === 'function') return spec(seen);
  if (spec.agentTurns !== undefined && spec.agentTurns !== seen.agentTurns) return false;
  if (spec.agentSays !== undefined) {
    const said = seen.agentSaid.toLowerCase();
    const needles = Array.isArray(spec.agentSays) ? spec.agentSays : [spec.agentSays];
    if (!needles.some((needle) => said.includes(needle.toLowerCase()))) return false;
  }
  return true;
}

/**
 * A scripted simulated user: its rule list, and the answer text for one request's system and user prompt
 * (undefined when the request is not a simulated-user turn, so the stand-in's other rules take it).
 * Deterministic: the same conversation gets the same answer, whatever the backend.
 */
export class SimulatedUserScript {
  readonly #rules = new RuleList<UserTurnSeen, UserAnswer, UserRule['match']>(
    (spec, seen) => matchesUser(spec, seen),
    [],
  );

  /** Every conversation the user was shown, in order. */
  readonly seen: UserTurnSeen[] = [];

  constructor(rules: UserRule[]) {
    for (const rule of rules) this.#rules.add(rule);
  }

  static isUserTurn(system: string): boolean {
    return system.includes(USER_PROMPT_MARK);
  }

  /** The answer text, or undefined when no rule matches (the stand-in then says so as for any request). */
  answer(prompt: string): string | undefined {
    const seen = readConversation(prompt);
    this.seen.push(seen);
    const answer = this.#rules.pick(seen);
    if (!answer) return undefined;
    return answer.raw ?? JSON.stringify({ message: answer.say });
  }
}
