import { fileURLToPath } from 'node:url';
import { CaseFileError, loadPackCases } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import pack from '../src/index.ts';

const data = (name: string) => fileURLToPath(new URL(`data/${name}`, import.meta.url));
const failure = (name: string) =>
  loadPackCases(pack, [data(name)]).then(
    () => 'loaded',
    (error: unknown) => {
      expect(error).toBeInstanceOf(CaseFileError);
      return (error as Error).message.replace(data(''), '');
    },
  );

describe('bring your own golden file', () => {
  it('loads a golden JSONL in the seed format, null rubric meaning no judge call', async () => {
    const cases = await loadPackCases(pack, [data('own-golden.jsonl')]);
    expect(cases.map((c) => [c.id, c.expectTools, c.neverTools, c.rubric, c.toolArgs])).toEqual([
      ['mine-1', ['lookup_order'], ['issue_refund'], undefined, undefined],
      [
        'mine-2',
        ['lookup_order', 'issue_refund'],
        undefined,
        'Refunds 64.',
        [{ tool: 'issue_refund', args: { orderId: 'ORD-1006' } }],
      ],
    ]);
  });

  it('puts the signed-in line before the ticket and carries split, category and end state as written', async () => {
    const [mine] = await loadPackCases(pack, [data('signed-in.jsonl')]);
    expect(mine).toMatchObject({
      input: '[Signed in as C-104 · Maya Lindqvist]\nWhere is 1042?',
      name: 'Where is 1042?',
      split: 'test',
      category: 'order-status',
      difficulty: 'basic',
      expectedEndState: { refunds: [], cancellations: [], addressChanges: [], escalations: [{}] },
    });
  });

  it("carries a conversation's user block, a script or a simulated customer, onto the case", async () => {
    const [scripted, simulated] = await loadPackCases(pack, [data('conversation.jsonl')]);
    expect(scripted?.user).toEqual({ script: ["It's ORD-1011.", "Thanks, that's all."], maxTurns: 4 });
    expect(simulated?.user).toEqual({
      simulated: {
        persona: 'A patient customer.',
        goal: 'A refund for the blender.',
        facts: ['Order number: ORD-1011'],
        behaviour: 'patient',
      },
      maxTurns: 8,
    });
  });

  it.each([
    ['two-users.jsonl', 'two-users.jsonl:1: field "user": give exactly one of simulated and script'],
    ['missing-query.jsonl', 'missing-query.jsonl:2: field "query": Invalid input: expected string, received undefined'],
    [
      'unknown-tool.jsonl',
      'unknown-tool.jsonl:3: field "expect.1": Invalid option: expected one of "lookup_order"|"issue_refund"|"escalate_to_human"|"cancel_order"|"update_shipping_address"',
    ],
    ['misspelt-field.jsonl', 'misspelt-field.jsonl:1: field "nevr": Unrecognized key: "nevr"'],
    ['contradiction.jsonl', 'contradiction.jsonl:1: field "never": "issue_refund" is in both expect and never'],
    [
      'unknown-customer.jsonl',
      'unknown-customer.jsonl:1: field "customer": Invalid option: expected one of "C-101"|"C-102"|"C-103"|"C-104"|"C-105"|"C-106"|"C-107"|"C-108"|"C-109"|"C-110"|"C-111"|"C-112"|"C-113"|"C-114"',
    ],
    ['bad-end.jsonl', 'bad-end.jsonl:1: field "end.refunds.0.amount": Invalid input: expected number, received string'],
    ['misspelt-end.jsonl', 'misspelt-end.jsonl:1: field "end.refund": Unrecognized key: "refund"'],
  ])('rejects %s naming the line and the field', async (name, message) => {
    expect(await failure(name)).toBe(message);
  });

  it('rejects a line that is not JSON', async () => {
    expect(await failure('broken.jsonl')).toMatch(/^broken\.jsonl:1: invalid JSON: /);
  });
});
