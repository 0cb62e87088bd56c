import { SimulatedUserScript, USER_NO_MATCH, type UserRule } from '../common/simulated-user.ts';
import { systemText } from './match.ts';
import type { ConverseRequest, Reply, Rule } from './types.ts';

const userText = (req: ConverseRequest) =>
  (req.messages ?? [])
    .filter((message) => message.role === 'user')
    .flatMap((message) => message.content.map((block) => block.text ?? ''))
    .join('\n');

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Bedrock stand-in playing a simulated user: a rule (for `standIn.script`) that takes every
 * simulated-user turn (recognised by its prompt; judge calls force a tool too) and answers it by `rules`,
 * as a model does on Converse: a JSON object goes in as the forced tool's input, anything else as text.
 * Script it before the judge's rules. `script.seen` holds every conversation it was shown.
 */
export function bedrockSimulatedUser(
  rules: UserRule[],
  usage: { inputTokens?: number; outputTokens?: number } = {},
): Rule & { script: SimulatedUserScript } {
  const script = new SimulatedUserScript(rules);
  return {
    script,
    match: (req) => SimulatedUserScript.isUserTurn(systemText(req)),
    reply: (req): Reply => {
      const answer = script.answer(userText(req)) ?? USER_NO_MATCH;
      const forced = req.toolConfig?.toolChoice?.tool?.name;
      const input = parsed(answer);
      return forced && input ? { toolUses: [{ name: forced, input }], ...usage } : { text: answer, ...usage };
    },
  };
}
