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
    const run = await collectRun({ pack, variant, cases, agent: replayingAgent, concurrency: 28, epochs: 2 });

    expect(run.cases.filter((r) => r.status !== 'passed').map((r) => [r.case.id, r.reasons])).toEqual([]);
    const ledgers = run.cases.flatMap((r) =>
      r.transcript.toolCalls
        .filter((call) => call.name === 'issue_refund')
        .map((call) => [r.case.id, r.epoch, call.error, (call.result as { ledger: unknown }).ledger]),
    );
    // Three scenarios refund, in both epochs; a shared book would show a second entry or a refusal.
    expect(ledgers).toEqual([
      ['ticket-1', 0, undefined, [{ refundId: 'RF-1', orderId: 'ORD-1001', amount: 25 }]],
      ['ticket-1', 1, undefined, [{ refundId: 'RF-1', orderId: 'ORD-1001', amount: 25 }]],
      ['ticket-7', 0, undefined, [{ refundId: 'RF-1', orderId: 'ORD-1006', amount: 64 }]],
      ['ticket-7', 1, undefined, [{ refundId: 'RF-1', orderId: 'ORD-1006', amount: 64 }]],
      ['ticket-13', 0, undefined, [{ refundId: 'RF-1', orderId: 'ORD-1003', amount: 12.5 }]],
      ['ticket-13', 1, undefined, [{ refundId: 'RF-1', orderId: 'ORD-1003', amount: 12.5 }]],
    ]);
  });
});
