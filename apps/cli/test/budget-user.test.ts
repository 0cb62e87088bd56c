import type { UserSimulatorPort } from '@evalpacks/core/runner';
import { describe, expect, it } from 'vitest';
import { Budget } from '../src/cost/budget.ts';
import { spentSoFar } from '../src/cost/spent-so-far.ts';
import { storedCost } from '../src/cost/stored-cost.ts';

const prices = {
  priceOf: ({ model }: { model: string }) => (model === 'unpriced' ? undefined : { input: 1, output: 10 }),
  priceTablePath: 'prices.json',
};

const userSaying = (model: string): UserSimulatorPort => ({
  backend: 'ollama',
  model,
  promptVersion: 'risen-user-v1',
  next: async () => ({ text: 'ORD-1001', stop: false, usage: { input: 200_000, output: 20_000 }, latencyMs: 1 }),
});

describe('--max-cost and the simulated user', () => {
  it("counts the simulated user's tokens in the spend, so the budget stops new cases on them too", async () => {
    const lines: string[] = [];
    const budget = new Budget(0.3, prices, (line) => lines.push(line));
    const agent = { backend: 'ollama', model: 'm', run: async () => Promise.reject(new Error('not called')) };
    const metered = budget.meter({ agent, user: userSaying('u') });
    expect([metered.user?.backend, metered.user?.model, metered.user?.promptVersion]).toEqual([
      'ollama',
      'u',
      'risen-user-v1',
    ]);
    const request = {
      caseId: 'c',
      epoch: 0,
      user: { persona: 'p', goal: 'g', facts: [], behaviour: 'patient' as const },
      conversation: [],
    };
    await metered.user?.next(request);
    expect(budget.spent).toBeCloseTo(0.4, 10);
    expect(budget.shouldStart()).toBe(false);
    expect(lines).toEqual(['budget --max-cost $0.3000 passed ($0.4000 spent): no more cases will start\n\n']);
  });

  it('needs a price for the user model before any call', () => {
    const budget = new Budget(1, prices, () => {});
    const agent = { backend: 'ollama', model: 'm', run: async () => Promise.reject(new Error('not called')) };
    expect(() => budget.meter({ agent, user: userSaying('unpriced') })).toThrow(
      "--max-cost needs a price for ollama model 'unpriced'; add it to prices.json or drop --max-cost",
    );
  });

  it("starts a resumed run's budget from what its saved results cost, the user's turns included", () => {
    const priceOf = (ref: { model: string }) =>
      ref.model === 'u' ? { input: 10, output: 50 } : ref.model === 'a' ? { input: 1, output: 2 } : undefined;
    const costOf = storedCost(priceOf, { backend: 'ollama', model: 'a' }, undefined, { backend: 'ollama', model: 'u' });
    const usage = {
      agent: { input: 1_000_000, output: 500_000 },
      judge: { input: 0, output: 0 },
      user: { input: 20_000, output: 4_000 },
    };
    // Agent $1 + $1; the judge unpriced (0); the user 20,000 x $10 + 4,000 x $50 per million = $0.40.
    expect(spentSoFar(usage, costOf)).toBeCloseTo(2.4, 10);
  });
});
