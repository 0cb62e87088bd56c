import { readFileSync } from 'node:fs';
import { loadPackCases } from '@evalpacks/core';
import { inputHash } from '@evalpacks/core/calibration';
import { describe, expect, it } from 'vitest';
import { checkStarterLabels, describeReport } from '../scripts/check-starter-labels.ts';
import pack from '../src/index.ts';

const cases = await loadPackCases(pack);
const FILE = 'labels.jsonl';
const text = readFileSync(new URL('../calibration/labels.jsonl', import.meta.url), 'utf8');
const inputOf = (id: string) => inputHash(cases.find((testCase) => testCase.id === id)?.input ?? '');

/** A correct answer to ticket-1 with the calls the tools really answer, as the labels file holds it. */
const refundCalls = [
  {
    name: 'lookup_order',
    arguments: { orderId: 'ORD-1001' },
    result: {
      found: true,
      orderId: 'ORD-1001',
      status: 'lost',
      placedOn: '2026-05-02',
      shippedOn: '2026-05-04',
      items: [{ name: 'USB-C charger', price: 25 }],
      total: 25,
      refunded: 0,
      customer: { customerId: 'C-101', name: 'Daniel Okafor', email: 'daniel.okafor@example.com' },
      shipTo: { name: 'Daniel Okafor', street: '14 Linden Street', city: 'Springfield', state: 'IL', zip: '62704' },
    },
  },
  {
    name: 'issue_refund',
    arguments: { orderId: 'ORD-1001', amount: 25 },
    result: {
      refundId: 'RF-1',
      orderId: 'ORD-1001',
      amount: 25,
      ledger: [{ refundId: 'RF-1', orderId: 'ORD-1001', amount: 25 }],
    },
  },
];
const label = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    caseId: 'ticket-1',
    kind: 'rubric',
    itemId: 'rubric',
    passed: true,
    note: 'Confirms the 25-dollar refund RF-1.',
    inputSha256: inputOf('ticket-1'),
    answer: 'ORD-1001 was lost, so I have refunded 25 dollars (refund id RF-1).',
    toolCalls: refundCalls,
    ...fields,
  });
const check = async (line: string) => (await checkStarterLabels(line, cases, FILE)).errors;

describe("the support-tickets pack's starter labels", () => {
  it('are all valid rubric labels on single-message dev cases, with both outcomes well represented', async () => {
    const report = await checkStarterLabels(text, cases, FILE);
    expect(report.errors).toEqual([]);
    expect(report.olderForm).toBe(0);
    expect(report.labels).toHaveLength(83);
    expect(report.cases).toBe(47);
    expect(report.rubric).toEqual({ passed: 46, failed: 37 });
    expect(describeReport(report)).toBe(
      'starter labels: 83 rubric labels (one per answer) on 47 dev cases (0 older-form lines left to core)\n' +
        '  rubric met 46, not met 37',
    );
  });
});

describe('checkStarterLabels', () => {
  it('accepts a label whose tool calls are what the tools return', async () => {
    expect(await check(label())).toEqual([]);
  });

  it('refuses a tool result the tools did not return, naming the call', async () => {
    const invented = [
      refundCalls[0],
      { ...refundCalls[1], result: { refundId: 'RF-7', orderId: 'ORD-1001', amount: 25 } },
    ];
    expect(await check(label({ toolCalls: invented }))).toEqual([
      `labels.jsonl:1: field "toolCalls[1]": issue_refund did not return what is stored (the tools return ${JSON.stringify(refundCalls[1]?.result)})`,
    ]);
    const failed = [
      { name: 'issue_refund', arguments: { orderId: 'ORD-1002', amount: 5 }, result: { refundId: 'RF-1' } },
    ];
    expect(await check(label({ toolCalls: failed }))).toEqual([
      'labels.jsonl:1: field "toolCalls[0]": issue_refund did not return what is stored (the tools return "ORD-1002 is in_transit; only delivered or lost orders can be refunded")',
    ]);
  });

  it('names the line and field of a label that does not fit the pack', async () => {
    expect(await check(label({ caseId: 'no-such-case' }))).toEqual([
      'labels.jsonl:1: field "caseId": no case "no-such-case" in the pack',
    ]);
    expect(await check(label({ caseId: 'ticket-6', inputSha256: inputOf('ticket-6') }))).toEqual([
      'labels.jsonl:1: field "caseId": case "ticket-6" is on the test split',
    ]);
    expect(await check(label({ kind: 'finding', itemId: 'rubric' }))).toEqual([
      'labels.jsonl:1: field "itemId": "rubric" is no finding item of "ticket-1" (has: none)',
    ]);
    expect(await check(label({ inputSha256: inputOf('ticket-2') }))).toEqual([
      'labels.jsonl:1: field "inputSha256": does not match the input of case "ticket-1"',
    ]);
    expect(await check(label({ note: 'first line\nsecond line' }))).toEqual([
      'labels.jsonl:1: field "note": must be one line',
    ]);
    expect((await check(label({ passed: 'yes' })))[0]).toMatch(/^labels\.jsonl:1: field "passed": /);
    expect((await check(label({ verdictOf: 'me' })))[0]).toMatch(/^labels\.jsonl:1: .*verdictOf/);
  });

  it('refuses a conversation case, whose answer is more than one reply', async () => {
    const conversation = cases.find((testCase) => testCase.user && testCase.rubric && testCase.split === 'dev');
    expect(conversation).toBeDefined();
    const id = conversation?.id ?? '';
    expect(await check(label({ caseId: id, inputSha256: inputOf(id) }))).toEqual([
      `labels.jsonl:1: field "caseId": case "${id}" is a conversation, not a single message`,
    ]);
  });
});
