import { describe, expect, it } from 'vitest';
import { describeCost, estimateCost } from '../src/cost/cost.ts';
import { gradeRun } from '../src/grade/grade-run.ts';
import { summarizeRun } from '../src/grade/run-figures.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentPort, UserSimulatorPort } from '../src/ports/backend-ports.ts';
import { jsonReport } from '../src/report/json.ts';
import { markdownReport } from '../src/report/markdown.ts';
import { summaryText } from '../src/report/summary-block.ts';
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

/** A simulated user the cases below never call: it only names the run's user model. */
const userModel: UserSimulatorPort = {
  backend: 'openai',
  model: 'user-model',
  promptVersion: 'test-user-v1',
  next: () => Promise.reject(new Error('not asked')),
};

/** Per million tokens: the agent's at $3 in / $15 out, the user's at $10 in / $50 out; the judge has none. */
const prices = { 'agent-model': { input: 3, output: 15 }, 'user-model': { input: 10, output: 50 } } as const;
const priceOf = (ref: { model: string }) => prices[ref.model as keyof typeof prices];

describe("the simulated user's cost, a third role priced from the same table", () => {
  it('is estimated and shown beside the agent and the judge, and named in the tokens of summary.md and results.json', async () => {
    const run = await collectRun({
      pack,
      variant,
      cases,
      agent: { ...conversingAgent({ input: 50_000, output: 10_000 }), backend: 'openai', model: 'agent-model' },
      userSimulator: userModel,
      concurrency: 1,
    });
    expect(run.user).toEqual({ backend: 'openai', model: 'user-model' });
    const summary = summarizeRun(run);
    // The agent: 200 in x $3 + 100 out x $15 per million = $0.0021; the user: 100,000 in x $10 + 20,000 out x $50 = $2.
    const estimate = estimateCost({ ...run, tokens: summary }, priceOf);
    expect(estimate).toEqual({ agent: 0.0021, judge: 0, user: 2, total: 2.0021, unpriced: [] });
    expect(describeCost(estimate, run)).toBe('$2.00 estimated (agent $0.0021, judge $0, user $2.00)');

    const grade = gradeRun(run);
    const costRow = summaryText(grade, run, { repeated: false, priceOf })
      .split('\n')
      .filter((line) => line.startsWith('  cost'));
    expect(costRow).toEqual(['  cost            $2.00 estimated (agent $0.0021, judge $0, user $2.00)']);
    // A user without a price makes the estimate a lower bound, naming it as the others are named.
    const unpriced = describeCost(
      estimateCost({ ...run, tokens: summary }, (ref) =>
        ref.model === 'agent-model' ? prices['agent-model'] : undefined,
      ),
      run,
    );
    expect(unpriced).toBe(
      "at least $0.0021 estimated (agent $0.0021, judge $0, user unknown: no price for openai 'user-model')",
    );

    const whole = { ...run, cases: run.cases as never };
    expect(markdownReport(whole, { grade })).toContain(`tokens: ${tokenLine(summary)}\n`);
    const json = JSON.parse(jsonReport(whole, { grade })) as { user: unknown; summary: { userTokens: unknown } };
    expect(json.user).toEqual({ backend: 'openai', model: 'user-model' });
    expect(json.summary.userTokens).toEqual({ input: 100_000, output: 20_000 });
  });
});
