import { describe, expect, it } from 'vitest';
import { costOf, describeCost, estimateCost, formatUsd, PriceSchema } from '../src/cost/cost.ts';
import { gradeRun } from '../src/grade/grade-run.ts';
import { summarizeRun } from '../src/grade/run-figures.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentPort, JudgePort } from '../src/ports/backend-ports.ts';
import { consoleReporter } from '../src/report/console.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { sampleCase, scriptedAgent, scriptedJudge } from './support.ts';

const pack = definePack({ name: 'demo', description: 'demo', root: '/tmp', checks: [] });
const variant: Variant = { name: 'baseline', path: '/tmp/baseline.md', text: '# Role\nreviewer', sections: {} };
const cases = ['a', 'b', 'c', 'd'].map((id) => ({ ...sampleCase, id, expectedFindings: [], expectedAbsent: [] }));
const prices = { 'agent-model': { input: 3, output: 15 }, 'judge-model': { input: 1, output: 5 } };
const priceOf = ({ model }: { model: string }) => prices[model as keyof typeof prices];

/** An agent that says it retried `retries` times for every case, as a throttled backend would. */
function retryingAgent(retries: number): AgentPort {
  const inner = scriptedAgent(() => 'answer');
  return { ...inner, run: async (request) => ({ ...(await inner.run(request)), retries }) };
}

describe('shouldStart', () => {
  it('leaves out the cases it refuses, lists them as not started, and lets started ones finish', async () => {
    let started = 0;
    const run = await collectRun({
      pack,
      variant,
      cases,
      agent: scriptedAgent(() => 'answer', 5),
      concurrency: 1,
      shouldStart: () => started++ < 2,
    });
    expect(run.cases.map((result) => result.case.id)).toEqual(['a', 'b']);
    expect(run.notStarted).toEqual([
      { caseId: 'c', epoch: 0 },
      { caseId: 'd', epoch: 0 },
    ]);
    expect(summarizeRun(run)).toMatchObject({ cases: { passed: 2, total: 2 }, notStarted: 2 });
  });

  it('is asked when a slot frees up, so it sees what the finished calls cost', async () => {
    let spent = 0;
    const inner = scriptedAgent(() => 'answer', 2);
    const agent: AgentPort = {
      ...inner,
      run: async (request) => {
        const transcript = await inner.run(request);
        spent += costOf(transcript.usage, prices['agent-model']);
        return transcript;
      },
    };
    // One case costs 100 x $3 + 50 x $15 per million = $0.00105; the budget allows one.
    const run = await collectRun({ pack, variant, cases, agent, concurrency: 1, shouldStart: () => spent <= 0.001 });
    expect(run.cases).toHaveLength(1);
    expect(run.notStarted).toHaveLength(3);
  });

  it('leaves notStarted out when every case ran', async () => {
    const run = await collectRun({ pack, variant, cases, agent: scriptedAgent(() => 'x'), concurrency: 2 });
    expect(run.notStarted).toBeUndefined();
    expect(summarizeRun(run).notStarted).toBe(0);
  });
});

describe('retries and cost in the summary', () => {
  it('sums agent and judge retries per role', async () => {
    const judgeInner = scriptedJudge(() => '{"reasoning":"ok","caught":true}');
    const judge: JudgePort = { ...judgeInner, call: async (r) => ({ ...(await judgeInner.call(r)), retries: 2 }) };
    const withFinding = cases.slice(0, 2).map((c) => ({ ...c, expectedFindings: sampleCase.expectedFindings }));
    const run = await collectRun({ pack, variant, cases: withFinding, agent: retryingAgent(1), judge, concurrency: 2 });
    expect(run.cases[0]?.verdicts.map((verdict) => verdict.retries)).toEqual([2, 2]);
    expect(summarizeRun(run).retries).toEqual({ agent: 2, judge: 8 });
  });

  it('prices each role at its model, and says which model has no price', async () => {
    const judge = scriptedJudge(() => '{"reasoning":"ok","caught":true}');
    const withFinding = [{ ...cases[0], id: 'a', expectedFindings: sampleCase.expectedFindings }] as typeof cases;
    const run = await collectRun({
      pack,
      variant,
      cases: withFinding,
      agent: scriptedAgent(() => 'x'),
      judge,
      concurrency: 1,
    });
    // agent 100 in / 50 out at $3/$15, judge 2 x (10 in / 5 out) at $1/$5
    expect(estimateCost(run, priceOf)).toEqual({ agent: 0.00105, judge: 0.00007, total: 0.00112, unpriced: [] });
    expect(describeCost(estimateCost(run, priceOf), run)).toBe('$0.0011 estimated (agent $0.0011, judge $0.0001)');
    const agentOnly = (ref: { model: string }) => (ref.model === 'agent-model' ? prices['agent-model'] : undefined);
    expect(describeCost(estimateCost(run, agentOnly), run)).toBe(
      "at least $0.0011 estimated (agent $0.0011, judge unknown: no price for script 'judge-model')",
    );
    expect(
      describeCost(
        estimateCost(run, () => undefined),
        run,
      ),
    ).toBe(
      "unknown (agent unknown: no price for script 'agent-model', judge unknown: no price for script 'judge-model')",
    );
  });

  it('prints cost and retries rows only when there is something to say', async () => {
    const lines = async (agent: AgentPort, withPrices: boolean) => {
      const out: string[] = [];
      const run = await collectRun({ pack, variant, cases: cases.slice(0, 1), agent, concurrency: 1 });
      consoleReporter({ write: (t) => out.push(t), color: false, ...(withPrices && { priceOf }) }).summary(
        run,
        [],
        gradeRun(run),
      );
      return out
        .join('')
        .split('\n')
        .filter((line) => /^ {2}(cost|retries)/.test(line));
    };
    expect(
      await lines(
        scriptedAgent(() => 'x'),
        false,
      ),
    ).toEqual([]);
    expect(await lines(retryingAgent(3), true)).toEqual([
      '  cost            $0.0011 estimated (agent $0.0011, judge $0)',
      '  retries         agent 3, judge 0',
    ]);
  });
});

describe('prices', () => {
  it('formats small bills with four decimals and larger ones with two', () => {
    expect([0, 0.00004, 0.0294, 12.5].map(formatUsd)).toEqual(['$0', '$0.0000', '$0.0294', '$12.50']);
  });

  it('rejects negative or unknown price fields', () => {
    expect(PriceSchema.safeParse({ input: -1, output: 0 }).success).toBe(false);
    expect(PriceSchema.safeParse({ input: 1, output: 2, cached: 0 }).success).toBe(false);
  });
});
