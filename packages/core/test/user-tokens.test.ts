import { describe, expect, it } from 'vitest';
import { summarizeRun } from '../src/grade/run-figures.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentPort } from '../src/ports/backend-ports.ts';
import { tokenLine } from '../src/report/summary-rows.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { sampleCase, scriptedAgent } from './support.ts';

const pack = definePack({ name: 'demo', description: 'demo', root: '/tmp', checks: [] });
const variant: Variant = { name: 'baseline', path: '/tmp/baseline.md', text: '# Role\nagent', sections: {} };
const cases = ['a', 'b'].map((id) => ({ ...sampleCase, id, expectedFindings: [], expectedAbsent: [] }));

/** Transcripts as a conversation leaves them: the agent's tokens in usage, the simulated user's in userUsage. */
function conversingAgent(userUsage?: { input: number; output: number }): AgentPort {
  const inner = scriptedAgent(() => 'answer');
  return { ...inner, run: async (request) => ({ ...(await inner.run(request)), ...(userUsage && { userUsage }) }) };
}

describe("the simulated user's tokens in a run's figures", () => {
  it('are summed apart from the agent and the judge and shown on the tokens line; absent without a user', async () => {
    const run = await collectRun({
      pack,
      variant,
      cases,
      agent: conversingAgent({ input: 70, output: 9 }),
      concurrency: 1,
    });
    const summary = summarizeRun(run);
    expect(summary.userTokens).toEqual({ input: 140, output: 18 });
    expect(tokenLine(summary)).toBe(
      `agent ${summary.agentTokens.input} in / ${summary.agentTokens.output} out, judge 0 in / 0 out, user 140 in / 18 out`,
    );

    // Without a simulated user: no user figures, and the tokens line as it was.
    const plain = summarizeRun(await collectRun({ pack, variant, cases, agent: conversingAgent(), concurrency: 1 }));
    expect(plain.userTokens).toBeUndefined();
    expect(tokenLine(plain)).toBe(
      `agent ${plain.agentTokens.input} in / ${plain.agentTokens.output} out, judge 0 in / 0 out`,
    );
  });
});
