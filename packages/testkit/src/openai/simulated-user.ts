import { SimulatedUserScript, USER_NO_MATCH, type UserRule } from '../common/simulated-user.ts';
import type { CompletionRequest, Rule } from './types.ts';

const text = (req: CompletionRequest, roles: string[]) =>
  (req.messages ?? [])
    .filter((m) => roles.includes(m.role))
    .map((m) => (typeof m.content === 'string' ? m.content : (m.content ?? []).map((part) => part.text ?? '').join('')))
    .join('\n');

/**
 * The OpenAI-compatible stand-in playing a simulated user: a rule (for `standIn.script`) that takes every
 * simulated-user turn (recognised by its prompt; judge calls carry a json_schema too) and answers it by
 * `rules`. Script it before the judge's rules. `script.seen` holds every conversation it was shown.
 */
export function openAISimulatedUser(
  rules: UserRule[],
  usage: { promptTokens?: number; completionTokens?: number } = {},
): Rule & { script: SimulatedUserScript } {
  const script = new SimulatedUserScript(rules);
  return {
    script,
    match: (req) => SimulatedUserScript.isUserTurn(text(req, ['system', 'developer'])),
    reply: (req) => ({ content: script.answer(text(req, ['user'])) ?? USER_NO_MATCH, ...usage }),
  };
}
