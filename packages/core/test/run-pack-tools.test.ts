import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { policyResolver, reduceEpochs } from '../src/grade/reduce-epochs.ts';
import { suggestionsFor } from '../src/grade/suggestions.ts';
import { definePack } from '../src/pack/define-pack.ts';
import type { Variant } from '../src/pack/prompt.ts';
import type { AgentPort } from '../src/ports/backend-ports.ts';
import { collectRun } from '../src/runner/collect-run.ts';
import { type Case, CaseSchema } from '../src/schema/case.ts';
import type { ToolCall } from '../src/schema/transcript.ts';
import { defineTool, invokeTool } from '../src/tools/define-tool.ts';
import { scriptedJudge, transcriptWith } from './support.ts';

/** Each call of the factory is a fresh till: the ledger lists what this case run paid out. */
function till() {
  const ledger: number[] = [];
  return [
    defineTool({
      name: 'pay',
      description: 'Pays an amount out of the till',
      input: z.object({ amount: z.number().positive() }),
      run: ({ amount }) => {
        ledger.push(amount);
        return { ledger: [...ledger] };
      },
    }),
  ];
}

const pack = definePack({ name: 'till', description: 'd', root: '/tmp', tools: till });
const variant: Variant = { name: 'baseline', path: '/tmp/b.md', text: '# Role\ncashier', sections: {} };
const caseOf = (id: string, extra: object = {}): Case => CaseSchema.parse({ id, name: id, input: id, ...extra });

/** Pays the amount named in the input twice, yielding between calls so concurrent cases interleave. */
const payingAgent: AgentPort = {
  backend: 'script',
  model: 'm',
  async run(request) {
    const amount = Number(request.input.replace(/\D/g, ''));
    const [pay] = request.tools ?? [];
    if (!pay) throw new Error('no tools given');
    const calls: ToolCall[] = [];
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      calls.push({ name: 'pay', arguments: { amount }, result: await invokeTool(pay, { amount }) });
    }
    return { ...transcriptWith(calls, `paid ${amount}`), input: request.input };
  },
};

describe('runPack with tools', () => {
  it('gives every case and epoch its own tools, even when they run at the same time', async () => {
    const cases = [caseOf('pay-10'), caseOf('pay-20'), caseOf('pay-30')];
    const run = await collectRun({ pack, variant, cases, agent: payingAgent, concurrency: 6, epochs: 2 });
    expect(run.cases.map((r) => [r.case.id, r.epoch, r.transcript.toolCalls.at(-1)?.result])).toEqual([
      ['pay-10', 0, { ledger: [10, 10] }],
      ['pay-10', 1, { ledger: [10, 10] }],
      ['pay-20', 0, { ledger: [20, 20] }],
      ['pay-20', 1, { ledger: [20, 20] }],
      ['pay-30', 0, { ledger: [30, 30] }],
      ['pay-30', 1, { ledger: [30, 30] }],
    ]);
  });

  it("appends the checks a case's data asks for to the pack's own, and fails with their message", async () => {
    const cases = [caseOf('pay-10', { callCounts: [{ tool: 'pay', max: 1 }], expectedKeyword: 'paid' })];
    const run = await collectRun({ pack, variant, cases, agent: payingAgent, concurrency: 1 });
    const [result] = run.cases;
    expect(result?.checks.map((check) => [check.id, check.passed])).toEqual([
      ['answers-within-turn-limit', true],
      ['pay-call-count', false],
      ['answer-contains-paid', true],
    ]);
    expect(result?.status).toBe('failed');
    expect(result?.reasons).toEqual([
      'narrowing: check "Calls pay at most 1 time" failed: pay must be called at most 1 time; it was called 2 times, with {amount: 10} and {amount: 10}',
    ]);
    expect(suggestionsFor(run)).toEqual([
      {
        target: 'narrowing',
        caseId: 'pay-10',
        text: 'pay must be called at most 1 time; it was called 2 times, with {amount: 10} and {amount: 10} — make the narrowing explicit about it',
      },
    ]);
  });

  it('skips trajectory checks with the structural tier', async () => {
    const cases = [caseOf('pay-10', { callCounts: [{ tool: 'pay', max: 1 }] })];
    const run = await collectRun({ pack, variant, cases, agent: payingAgent, concurrency: 1, structural: false });
    expect(run.cases[0]?.checks).toEqual([]);
    expect(run.cases[0]?.status).toBe('passed');
  });

  it('fails a loop stopped at the turn limit through its own check, still checks its calls, never judges it', async () => {
    const looping: AgentPort = {
      backend: 'script',
      model: 'm',
      run: async (request) => ({
        ...transcriptWith([{ name: 'pay', arguments: { amount: 5 } }], '', request.maxTurns),
        turnLimitReached: true,
      }),
    };
    const judge = scriptedJudge(() => '{"reasoning":"fine","pass":true}');
    const cases = [caseOf('pay-5', { neverTools: ['pay'], rubric: 'Pays nothing.' })];
    const run = await collectRun({ pack, variant, cases, agent: looping, judge, concurrency: 1, maxTurns: 3 });
    const [result] = run.cases;
    expect(result?.status).toBe('failed');
    expect(result?.reasons).toEqual([
      'steps: check "Answers within the turn limit" failed: the agent was stopped at the turn limit after 3 turns, still calling tools',
      'narrowing: check "Never calls pay" failed: pay must never be called; it was called with {amount: 5}',
    ]);
    expect(judge.calls).toHaveLength(0);
    expect(result?.verdicts).toMatchObject([
      { kind: 'rubric', status: 'skipped', reason: 'the agent stopped at the turn limit without an answer' },
    ]);
    expect(suggestionsFor(run)[0]).toEqual({
      target: 'steps',
      caseId: 'pay-5',
      text: 'the agent was stopped at the turn limit after 3 turns, still calling tools — make the steps explicit about it',
    });
  });
});

describe('the turn-limit check', () => {
  it('comes with packs that have tools, and not with packs that do not', async () => {
    const plain = definePack({ name: 'plain', description: 'd', root: '/tmp' });
    const answering: AgentPort = { backend: 's', model: 'm', run: async () => transcriptWith([], 'ok') };
    const cases = [caseOf('c')];
    const withTools = await collectRun({ pack, variant, cases, agent: answering, concurrency: 1 });
    const without = await collectRun({ pack: plain, variant, cases, agent: answering, concurrency: 1 });
    expect(withTools.cases[0]?.checks).toEqual([
      {
        id: 'answers-within-turn-limit',
        name: 'Answers within the turn limit',
        part: 'steps',
        passed: true,
        detail: 'answered after 1 turn',
      },
    ]);
    expect(without.cases[0]?.checks).toEqual([]);
  });
});

describe('the turn limit over repeated epochs', () => {
  it('counts a runaway loop in one epoch of three as a flaky item, which the policy then decides', async () => {
    const sometimesLooping: AgentPort = {
      backend: 's',
      model: 'm',
      run: async (request) =>
        request.epoch === 1
          ? { ...transcriptWith([{ name: 'pay', arguments: { amount: 1 } }], '', 3), turnLimitReached: true }
          : transcriptWith([], 'ok'),
    };
    const run = await collectRun({
      pack,
      variant,
      cases: [caseOf('c')],
      agent: sometimesLooping,
      concurrency: 3,
      epochs: 3,
    });
    const [majority] = reduceEpochs(run.cases, policyResolver({}));
    expect(majority?.items.map((item) => [item.key, item.passed, item.graded, item.flaky])).toEqual([
      ['check:answers-within-turn-limit', 2, 3, true],
    ]);
    expect(majority?.status).toBe('passed');
    const [all] = reduceEpochs(run.cases, policyResolver({ cli: 'all' }));
    expect(all?.status).toBe('failed');
  });
});
