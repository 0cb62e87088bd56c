import { invokeTool, loadPackCases, loadPackVariant, type ToolCall } from '@evalpacks/core';
import { type AgentPort, collectRun } from '@evalpacks/core/runner';
import { describe, expect, it } from 'vitest';
import pack from '../src/index.ts';
import { fixture } from './support.ts';

const cases = await loadPackCases(pack);
const idOf = (input: string) => cases.find((c) => c.input === input)?.id ?? '';

/**
 * Replays each scenario's sample calls through the tools the runner handed to this case run,
 * pausing between calls so that every case is mid-conversation at the same time.
 */
const replayingAgent: AgentPort = {
  backend: 'replay',
  model: 'sample',
  async run(request) {
    const sample = fixture(idOf(request.input));
    const toolCalls: ToolCall[] = [];
    for (const recorded of sample.toolCalls) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const tool = request.tools?.find((t) => t.name === recorded.name);
      if (!tool) throw new Error(`case ${request.caseId} got no ${recorded.name} tool`);
      try {
        toolCalls.push({ ...recorded, result: await invokeTool(tool, recorded.arguments) });
      } catch (error) {
        toolCalls.push({ name: recorded.name, arguments: recorded.arguments, error: (error as Error).message });
      }
    }
    return { ...sample, toolCalls };
  },
};

describe('order books under concurrency', () => {
  it('keeps each case run its own refund ledger when all cases and epochs run at once', async () => {
    const variant = await loadPackVariant(pack, 'baseline');
    const run = await collectRun({ pack, variant, cases, agent: replayingAgent, concurrency: 40, epochs: 2 });

    expect(run.cases.filter((r) => r.status !== 'passed').map((r) => [r.case.id, r.reasons])).toEqual([]);
    const ledgers = run.cases.flatMap((r) =>
      r.transcript.toolCalls
        .filter((call) => call.name === 'issue_refund')
        .map((call) => [r.case.id, r.epoch, call.error, (call.result as { ledger: unknown }).ledger]),
    );
    // Every refunding scenario, in both epochs, sees only its own refunds, numbered from RF-1: a shared
    // book would show other cases' entries, or refuse an order some other case already refunded.
    const expected = cases.flatMap((c) => {
      const refunds = fixture(c.id).toolCalls.filter((call) => call.name === 'issue_refund');
      const own = refunds.map((call, i) => ({
        refundId: `RF-${i + 1}`,
        orderId: call.arguments.orderId,
        amount: call.arguments.amount,
      }));
      return [0, 1].flatMap((epoch) => refunds.map((_, i) => [c.id, epoch, undefined, own.slice(0, i + 1)]));
    });
    expect(expected.length).toBeGreaterThan(2 * 10);
    expect(ledgers.sort(byCaseAndEpoch)).toEqual(expected.sort(byCaseAndEpoch));
  });
});

const byCaseAndEpoch = (a: unknown[], b: unknown[]) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`);
