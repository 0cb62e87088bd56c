import type { ModelRef } from '@evalpacks/core';
import { SELF_JUDGE_NOTE } from './connect.ts';
import type { Backend, RoleChoice } from './roles.ts';

/**
 * The run header's `agent` and `judge` lines, e.g. `agent  bedrock MODEL · us-east-1`; where a backend
 * lives is said once, on the first line that uses it; `judgeNote` follows the judge's line; a pack's own
 * agent is named as such; a `user` line names the simulated user when the run has one. Ends with the
 * self-judging note when it applies.
 */
export function roleLines(
  roles: { agent: RoleChoice | { own: ModelRef }; judge?: RoleChoice | undefined; user?: RoleChoice | undefined },
  where: Partial<Record<Backend, string>>,
  judgeNote = '',
): string {
  const said = new Set<Backend>();
  const line = (label: string, role: RoleChoice, note = '') => {
    const place = said.has(role.backend) ? '' : (where[role.backend] ?? '');
    said.add(role.backend);
    return `${label}  ${role.backend} ${role.model}${place}${note}\n`;
  };
  const { agent, judge } = roles;
  const agentLine =
    'own' in agent ? `agent  ${agent.own.backend} ${agent.own.model} (the pack's own)\n` : line('agent', agent);
  const judgeLine = judge ? line('judge', judge, judgeNote) : 'judge  none (--structural-only)\n';
  // The simulated user's line only for a run that has one: conversation cases with a simulated user.
  const lines = agentLine + judgeLine + (roles.user ? line('user ', roles.user) : '');
  const selfJudged = !('own' in agent) && judge?.backend === agent.backend && judge.model === agent.model;
  return selfJudged ? lines + SELF_JUDGE_NOTE : lines;
}
