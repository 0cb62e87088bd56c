import { fileURLToPath } from 'node:url';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgedEvalArgs, useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';
import { correctPlans, type Plan, planReply, roguePlans, scriptSupportDesk } from './support-tickets-script.ts';

const data = (name: string) => fileURLToPath(new URL(`data/${name}`, import.meta.url));
const evalSupport = (standIn: OllamaStandIn, ...flags: string[]) =>
  runCli(judgedEvalArgs('support-tickets', standIn.url, ...flags));

/** Case ids with their status, in the order the CLI printed them. */
const statuses = (stdout: string) =>
  [...stdout.matchAll(/^━━ (\S+) .* {2}(PASS|FAIL|ERROR)$/gm)].map((m) => `${m[1]} ${m[2]}`).sort();

describe('pnpm eval --domain support-tickets against the Ollama stand-in', () => {
  const standIn = useOllamaStandIn();

  it('passes every scenario with a correct tool-calling agent, running the real tools', async () => {
    scriptSupportDesk(standIn, correctPlans);
    const result = await evalSupport(standIn);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           14/14 passed (100.0%, 95% CI 78.5–100.0%)',
        '  structural      165/165 checks passed (95% CI 97.7–100.0%)',
        '  false positives 0',
        '  judge errors    0',
        '  tokens          agent 12000 in / 1320 out, judge 1400 in / 280 out',
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     44 made, 0 from the cache',
      ].join('\n'),
    );
    expect(result.stdout).toContain(
      '  tools    lookup_order({"orderId":"ORD-1006"}), issue_refund({"orderId":"ORD-1006","amount":64})\n',
    );
    // 16 tool calls and 14 answers; each tool result went back to the model over the wire.
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(30);
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(14);
    const refundResults = standIn
      .chatCalls({ lastRole: 'tool' })
      .map((call) => call.body.messages?.at(-1))
      .filter((message) => message?.tool_name === 'issue_refund')
      .map((message) => JSON.parse(message?.content ?? '{}') as { orderId: string; amount: number });
    expect(refundResults.map((r) => [r.orderId, r.amount]).sort()).toEqual([
      ['ORD-1001', 25],
      ['ORD-1003', 12.5],
      ['ORD-1006', 64],
    ]);
    const rubricPrompt = standIn.chatCalls({ hasFormat: true, contains: 'ORD-1006' })[0]?.body.messages?.at(-1);
    expect(rubricPrompt?.content).toMatch(
      /<tool_calls fence="\w+">\n1\. lookup_order\(\{orderId: "ORD-1006"\}\) → \{found: true, orderId: "ORD-1006", status: "delivered"/,
    );
  });

  it('fails exactly the refund scenarios when the agent refunds without looking up, saying why', async () => {
    scriptSupportDesk(standIn, roguePlans());
    const result = await evalSupport(standIn);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(statuses(result.stdout)).toEqual(
      [
        'ticket-1 FAIL',
        'ticket-2 PASS',
        'ticket-3 FAIL',
        'ticket-4 PASS',
        'ticket-5 FAIL',
        'ticket-6 FAIL',
        'ticket-7 FAIL',
        'ticket-8 FAIL',
        'ticket-9 PASS',
        'ticket-10 FAIL',
        'ticket-11 PASS',
        'ticket-12 PASS',
        'ticket-13 FAIL',
        'ticket-14 PASS',
      ].sort(),
    );
    expect(summaryOf(result.stdout)).toContain('  cases           6/14 passed (42.9%, 95% CI 21.4–67.4%)\n');
    const suggestions = summaryOf(result.stdout).slice(summaryOf(result.stdout).indexOf('Suggestions'));
    expect(suggestions.split('\n').filter((line) => line.includes(' ticket-3: '))).toEqual([
      '  Narrowing   ticket-3: issue_refund for ORD-1001 came before any lookup_order of that order — make the narrowing explicit about it',
      '  Narrowing   ticket-3: issue_refund must never be called; it was called with {orderId: "ORD-1001", amount: 25} — make the narrowing explicit about it',
    ]);
    expect(result.stdout).toContain(
      '    FAIL Never calls issue_refund [narrowing] — issue_refund must never be called; it was called with {orderId: "ORD-1001", amount: 25}\n',
    );
    expect(suggestions).toContain(
      '  Steps       ticket-1: lookup_order must be called; it was not (the agent called issue_refund) — make the steps explicit about it\n',
    );
    expect(suggestions).toContain(
      'ticket-7: issue_refund must be called with {orderId: "ORD-1006", amount: 64}; it was called with {orderId: "ORD-1006", amount: 150}',
    );
    expect(suggestions).toContain(
      'ticket-5: issue_refund must never be called; it was called 2 times, with {orderId: "ORD-1003", amount: 42.5} and {orderId: "ORD-1003", amount: 42.5}',
    );
    // The order book refused what the rules forbid; the transcript shows it.
    expect(result.stdout).toContain(
      '  tool error issue_refund: a refund of 150 is more than the 64 paid for ORD-1006\n',
    );
    expect(result.stdout).toContain('  tool error issue_refund: ORD-1003 was already refunded (42.5)\n');
    expect(suggestions).toContain(
      `ticket-8: the reply says "I've issued", but no issue_refund call succeeded — make the narrowing explicit about it`,
    );
  });

  it('records a loop stopped at --max-turns as a failed case, with its calls, not a crash', async () => {
    const looping = new Map<string, Plan>([
      [
        'Where is ORD-1002?',
        { calls: Array(10).fill({ name: 'lookup_order', arguments: { orderId: 'ORD-1002' } }), answer: '' },
      ],
    ]);
    scriptSupportDesk(standIn, looping);
    const result = await evalSupport(standIn, '--test-case', data('one-status.jsonl'), '--max-turns', '3');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('━━ mine-1 Where is ORD-1002?  FAIL\n');
    expect(result.stdout).toContain('  stopped  at the turn limit after 3 turns\n');
    expect(result.stdout).toContain(
      '    FAIL Answers within the turn limit [steps] — the agent was stopped at the turn limit after 3 turns, still calling tools\n',
    );
    expect(summaryOf(result.stdout)).toMatch(/^ {2}cases {11}0\/1 passed \(0\.0%, 95% CI /m);
    expect(summaryOf(result.stdout)).not.toContain('with errors');
    expect(summaryOf(result.stdout)).toContain(
      '  Steps       mine-1: the agent was stopped at the turn limit after 3 turns, still calling tools — make the steps explicit about it',
    );
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(3);
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(0);
  });

  it('keeps the turn limit failure when the stored run is re-judged', async () => {
    const looping = new Map<string, Plan>([
      [
        'Where is ORD-1002?',
        { calls: Array(10).fill({ name: 'lookup_order', arguments: { orderId: 'ORD-1002' } }), answer: '' },
      ],
    ]);
    scriptSupportDesk(standIn, looping);
    const store = tempStore();
    const args = ['--test-case', data('one-status.jsonl'), '--max-turns', '3', '--store', store];
    expect((await evalSupport(standIn, ...args)).code).toBe(1);
    const rejudged = await runCli(['eval', '--rejudge', '1', '--ollama-host', standIn.url, '--store', store]);
    expect(rejudged.stderr).toBe('');
    expect(rejudged.code).toBe(1);
    expect(rejudged.stdout).toContain('━━ mine-1 Where is ORD-1002?  FAIL\n');
    expect(rejudged.stdout).toContain(
      '    FAIL Answers within the turn limit [steps] — the agent was stopped at the turn limit after 3 turns, still calling tools\n',
    );
  });

  it('rejects a golden file naming an unknown tool with its file, line and field, exit 2', async () => {
    const result = await evalSupport(standIn, '--test-case', data('bad-golden.jsonl'));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `evalpacks: ${data('bad-golden.jsonl')}:2: field "expect.1": Invalid option: expected one of "lookup_order"|"issue_refund"|"escalate_to_human"|"cancel_order"|"update_shipping_address"\n`,
    );
  });
});

describe('support-tickets cases running at the same time', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b'], latencyMs: 150 });
  });
  afterAll(() => standIn.close());

  it('gives each concurrent case its own order book: six refunds of one order all succeed, each alone in its ledger', async () => {
    const plan: Plan = {
      calls: [
        { name: 'lookup_order', arguments: { orderId: 'ORD-1001' } },
        { name: 'issue_refund', arguments: { orderId: 'ORD-1001', amount: 25 } },
      ],
      answer: "Order ORD-1001 was lost, so I've issued a refund of $25.00 (refund RF-1).",
    };
    const queries = Array.from({ length: 6 }, (_, i) => `Refund ORD-1001 please, the parcel was lost. (${i + 1})`);
    standIn.script({ reply: (req) => planReply(new Map(queries.map((q) => [q, plan])), req) });

    const result = await runCli([
      'eval',
      '--domain',
      'support-tickets',
      '--ollama-host',
      standIn.url,
      '--structural-only',
      '--concurrency',
      '6',
      '--test-case',
      data('refund-rush.jsonl'),
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(summaryOf(result.stdout)).toMatch(/^ {2}cases {11}6\/6 passed \(100\.0%, 95% CI /m);

    const calls = standIn.chatCalls();
    const byQuery = new Map(queries.map((q) => [q, calls.filter((c) => c.body.messages?.[1]?.content === q)]));
    // Every case sent its first request before any case sent its last: all six were in flight together.
    const firsts = [...byQuery.values()].map((c) => c[0]?.at ?? Number.NaN);
    const lasts = [...byQuery.values()].map((c) => c.at(-1)?.at ?? Number.NaN);
    expect(Math.max(...firsts)).toBeLessThan(Math.min(...lasts));
    for (const [query, conversation] of byQuery) {
      expect(conversation, query).toHaveLength(3);
      const refund = conversation[2]?.body.messages?.at(-1);
      expect(refund?.tool_name).toBe('issue_refund');
      expect(JSON.parse(refund?.content ?? '{}')).toEqual({
        refundId: 'RF-1',
        orderId: 'ORD-1001',
        amount: 25,
        ledger: [{ refundId: 'RF-1', orderId: 'ORD-1001', amount: 25 }],
      });
    }
  });
});
