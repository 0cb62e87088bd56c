import { readFileSync } from 'node:fs';
import {
  type Case,
  invokeTool,
  loadPackCases,
  loadPackVariant,
  missingParts,
  runChecks,
  trajectoryChecks,
} from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { coverageTable, END, START } from '../scripts/coverage.ts';
import { EndStateSchema } from '../src/end-state.ts';
import pack from '../src/index.ts';
import { replayOnFreshDesk } from '../src/replay.ts';
import { CUSTOMERS, TODAY } from '../src/shop.ts';
import { fixture, goldenLines, rawFixture } from './support.ts';

const cases = await loadPackCases(pack);
const lines = goldenLines();
const lineOf = (id: string) => {
  const line = lines.find((l) => l.id === id);
  if (!line) throw new Error(id);
  return line;
};

describe('support-tickets pack', () => {
  it('loads every golden line, mapped onto tool expectations behind the signed-in line', () => {
    expect(cases.map((c) => c.id)).toEqual(lines.map((l) => l.id));
    expect(cases.find((c) => c.id === 'ticket-1')).toEqual({
      id: 'ticket-1',
      name: 'My order ORD-1001 never showed up and the tracking page says the parcel was lost.',
      description: '',
      input:
        '[Signed in as C-101 · Daniel Okafor]\n' +
        "My order ORD-1001 never showed up and the tracking page says the parcel was lost. I'd like my money back.",
      split: 'dev',
      category: 'refund-in-window',
      difficulty: 'basic',
      tags: ['v1'],
      rationale: 'A lost parcel is refunded in full: the simplest money path.',
      expectedEndState: {
        refunds: [{ orderId: 'ORD-1001', amount: 25 }],
        cancellations: [],
        addressChanges: [],
        escalations: [],
      },
      expectedFindings: [],
      expectedAbsent: [],
      expectTools: ['lookup_order', 'issue_refund'],
      rubric: 'The reply confirms a refund of 25 dollars for ORD-1001 and promises nothing beyond that refund.',
      toolArgs: [{ tool: 'issue_refund', args: { orderId: 'ORD-1001', amount: 25 } }],
      toolOrder: ['lookup_order', 'issue_refund'],
      callCounts: [{ tool: 'issue_refund', max: 1 }],
    });
    for (const testCase of cases) {
      const who = CUSTOMERS.find((c) => c.customerId === lineOf(testCase.id).customer);
      expect(testCase.input).toBe(`[Signed in as ${who?.customerId} · ${who?.name}]\n${lineOf(testCase.id).query}`);
    }
  });

  it('gives every shipped scenario a customer, split, category, difficulty, rationale, rubric and end state', () => {
    const incomplete = lines.filter(
      (l) => !(l.customer && l.split && l.category && l.difficulty && l.rationale && l.rubric && l.end),
    );
    expect(incomplete.map((l) => l.id)).toEqual([]);
  });

  it('covers every category with at least three scenarios in both splits, about 60/40 dev/test', () => {
    const byCategory = new Map<string, typeof lines>();
    for (const l of lines) byCategory.set(l.category ?? '', [...(byCategory.get(l.category ?? '') ?? []), l]);
    const thin = [...byCategory].filter(([, ls]) => ls.length < 3).map(([category]) => category);
    expect(thin).toEqual([]);
    const oneSided = [...byCategory]
      .filter(([, ls]) => !ls.some((l) => l.split === 'dev') || !ls.some((l) => l.split === 'test'))
      .map(([category]) => category);
    expect(oneSided).toEqual([]);
    const devShare = lines.filter((l) => l.split === 'dev').length / lines.length;
    expect(devShare).toBeGreaterThanOrEqual(0.55);
    expect(devShare).toBeLessThanOrEqual(0.65);
    expect(new Set(lines.map((l) => l.difficulty))).toEqual(new Set(['basic', 'subtle', 'expert']));
  });

  it('keeps the coverage table of its README in step with the golden file', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const block = readme.split(START)[1]?.split(END)[0]?.trim();
    expect(block).toBe(coverageTable(lines));
  });

  it.each(['baseline', 'v2'])(
    "has all five RISEN sections in the %s prompt, and states the shop's today",
    async (name) => {
      const variant = await loadPackVariant(pack, name);
      expect(missingParts(variant)).toEqual([]);
      const long = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
      const today = new Date(`${TODAY}T00:00:00Z`).toLocaleDateString('en-GB', long);
      expect(variant.sections.instructions).toContain(`Today is ${today}.`);
    },
  );

  it('keeps v2 the baseline with more specific Steps only', async () => {
    const baseline = await loadPackVariant(pack, 'baseline');
    const v2 = await loadPackVariant(pack, 'v2');
    for (const part of ['role', 'instructions', 'expectation', 'narrowing'] as const) {
      expect(v2.sections[part]).toBe(baseline.sections[part]);
    }
    expect(v2.sections.steps).not.toBe(baseline.sections.steps);
    expect(v2.sections.steps).toMatch(/count the days from the delivery date to today/);
    expect(v2.sections.steps).toMatch(/Compare its customer id with the signed-in id/);
  });

  it('gives each case run a fresh order book', async () => {
    const first = pack.tools?.() ?? [];
    const second = pack.tools?.() ?? [];
    const refund = (tools: typeof first) => {
      const tool = tools.find((t) => t.name === 'issue_refund');
      if (!tool) throw new Error('no issue_refund');
      return invokeTool(tool, { orderId: 'ORD-1001', amount: 25 });
    };
    await expect(refund(first)).resolves.toMatchObject({ refundId: 'RF-1' });
    await expect(refund(second)).resolves.toMatchObject({ refundId: 'RF-1' });
  });
});

describe('reference trajectories', () => {
  it.each(cases.map((c) => c.id))('%s: a hand-written reference, labelled as one', (id) => {
    const raw = rawFixture(id);
    expect(raw).toMatchObject({ sample: true, model: 'hand-written reference', usage: { input: 0, output: 0 } });
    expect(raw.latencyMs).toBe(0);
    const sample = fixture(id);
    expect(sample.input).toBe(cases.find((c) => c.id === id)?.input);
    // One model turn per tool call, and one more for each reply: a conversation has several replies.
    const replies = sample.conversation?.filter((turn) => turn.role === 'agent').length ?? 1;
    expect(sample.turns).toBe(sample.toolCalls.length + replies);
  });

  it.each(cases.map((c) => c.id))('%s: records what the real tools return on a fresh order book', async (id) => {
    const recorded = fixture(id).toolCalls;
    const { toolCalls } = await replayOnFreshDesk(recorded);
    expect(recorded).toEqual(toolCalls);
    expect(recorded.filter((call) => call.error !== undefined)).toEqual([]);
  });

  it.each(cases.map((c) => c.id))('%s: passes every check and leaves the end state its line states', async (id) => {
    const testCase = cases.find((c) => c.id === id) as Case;
    const sample = fixture(id);
    const { endState } = await replayOnFreshDesk(sample.toolCalls);
    expect(endState).toEqual(EndStateSchema.parse(lineOf(id).end));
    expect(testCase.expectedEndState).toEqual(endState);
    const checks = [...pack.checks, ...trajectoryChecks(pack, testCase)];
    const results = runChecks(checks, { ...sample, endState }, testCase);
    expect(results.filter((r) => !r.passed)).toEqual([]);
  });
});
