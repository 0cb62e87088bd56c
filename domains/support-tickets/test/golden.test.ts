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

  it.each([
    ['missing-query.jsonl', 'missing-query.jsonl:2: field "query": Invalid input: expected string, received undefined'],
    [
      'unknown-tool.jsonl',
      'unknown-tool.jsonl:3: field "expect.1": Invalid option: expected one of "lookup_order"|"issue_refund"|"escalate_to_human"',
    ],
    ['misspelt-field.jsonl', 'misspelt-field.jsonl:1: field "nevr": Unrecognized key: "nevr"'],
    ['contradiction.jsonl', 'contradiction.jsonl:1: field "never": "issue_refund" is in both expect and never'],
  ])('rejects %s naming the line and the field', async (name, message) => {
    expect(await failure(name)).toBe(message);
  });

  it('rejects a line that is not JSON', async () => {
    expect(await failure('broken.jsonl')).toMatch(/^broken\.jsonl:1: invalid JSON: /);
  });
});
