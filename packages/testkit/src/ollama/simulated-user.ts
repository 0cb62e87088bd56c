import { SimulatedUserScript, USER_NO_MATCH, type UserRule } from '../common/simulated-user.ts';
import type { ChatRequest, Rule } from './types.ts';

const text = (req: ChatRequest, role: string) =>
  (req.messages ?? [])
    .filter((m) => m.role === role)
    .map((m) => m.content ?? '')
    .join('\n');

/**
 * The Ollama stand-in playing a simulated user: a rule (for `standIn.script`) that takes every
 * simulated-user turn (recognised by its prompt, not by `format`, which judge calls carry too) and answers
 * it by `rules`. Script it before the judge's rules. `script.seen` holds every conversation it was shown.
 */
export function ollamaSimulatedUser(
  rules: UserRule[],
  usage: { promptTokens?: number; outputTokens?: number } = {},
): Rule & { script: SimulatedUserScript } {
  const script = new SimulatedUserScript(rules);
  return {
    script,
    match: (req) => SimulatedUserScript.isUserTurn(text(req, 'system')),
    reply: (req) => ({ content: script.answer(text(req, 'user')) ?? USER_NO_MATCH, ...usage }),
  };
}
