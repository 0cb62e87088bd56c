import { describe, expect, it } from 'vitest';
import { caseChecks } from '../src/checks/case-checks.ts';
import { runChecks } from '../src/checks/define-check.ts';
import { type Case, CaseSchema } from '../src/schema/case.ts';
import { transcriptWith } from './support.ts';

const base = { id: 'ticket-3', name: 'Refund without an order id', input: 'Can I get my money back?' };
const parse = (extra: object): Case => CaseSchema.parse({ ...base, ...extra });
const problem = (extra: object) => CaseSchema.safeParse({ ...base, ...extra }).error?.issues[0]?.message;

describe('caseChecks', () => {
  it('derives no checks from a case without tool expectations', () => {
    expect(caseChecks(parse({}))).toEqual([]);
  });

  it('derives one check per expectation, tagged with the prompt part to edit', () => {
    const testCase = parse({
      expectTools: ['lookup_order'],
      neverTools: ['issue_refund'],
      toolArgs: [{ tool: 'lookup_order', args: { orderId: 'ORD-1002' } }],
      toolOrder: ['lookup_order', 'escalate_to_human'],
      callCounts: [{ tool: 'lookup_order', max: 1 }],
      expectedKeyword: 'ORD-1002',
      maxTurns: 3,
    });
    expect(caseChecks(testCase).map((check) => [check.id, check.part])).toEqual([
      ['calls-lookup-order', 'steps'],
      ['never-calls-issue-refund', 'narrowing'],
      ['calls-lookup-order-with-1', 'steps'],
      ['tool-order', 'steps'],
      ['lookup-order-call-count', 'narrowing'],
      ['answer-contains-ord-1002', 'expectation'],
      ['turns-within-limit', 'steps'],
    ]);
  });

  it('fails a forbidden call with the message a person reads first', () => {
    const testCase = parse({ neverTools: ['issue_refund'] });
    const refund = { name: 'issue_refund', arguments: { orderId: 'ORD-1001', amount: 25 } };
    const [result] = runChecks(caseChecks(testCase), transcriptWith([refund]), testCase);
    expect(result).toEqual({
      id: 'never-calls-issue-refund',
      name: 'Never calls issue_refund',
      part: 'narrowing',
      passed: false,
      detail: 'issue_refund must never be called; it was called with {orderId: "ORD-1001", amount: 25}',
    });
  });

  it('turns noTools into the no-tool check', () => {
    const testCase = parse({ noTools: true, expectedKeyword: 'Paris' });
    const results = runChecks(caseChecks(testCase), transcriptWith([], 'Paris.'), testCase);
    expect(results.map((r) => [r.id, r.passed])).toEqual([
      ['no-tool-calls', true],
      ['answer-contains-paris', true],
    ]);
  });

  it('turns a list of keywords into one check that any of them passes', () => {
    const testCase = parse({ expectTools: ['word_count'], expectedKeyword: ['5', 'five'] });
    const count = { name: 'word_count', arguments: { text: 'a b c d e' }, result: '5' };
    const results = runChecks(caseChecks(testCase), transcriptWith([count], 'Five words.'), testCase);
    expect(results.map((r) => [r.id, r.passed])).toEqual([
      ['calls-word-count', true],
      ['answer-contains-5-or-five', true],
    ]);
  });
});

describe('CaseSchema tool expectations', () => {
  it('takes a keyword or a non-empty list of alternatives', () => {
    expect(parse({ expectedKeyword: 'Paris' }).expectedKeyword).toBe('Paris');
    expect(parse({ expectedKeyword: ['5', 'five'] }).expectedKeyword).toEqual(['5', 'five']);
    expect(problem({ expectedKeyword: [] })).toBe('Too small: expected array to have >=1 items');
    expect(problem({ expectedKeyword: ['5', ''] })).toBe('Too small: expected string to have >=1 characters');
  });

  it('rejects a tool that is both required and forbidden, and tools required when none may be called', () => {
    expect(problem({ expectTools: ['issue_refund'], neverTools: ['issue_refund'] })).toBe(
      '"issue_refund" is both required and forbidden',
    );
    expect(problem({ noTools: true, toolArgs: [{ tool: 'word_count', args: {} }] })).toBe(
      'no tool may be called, yet "word_count" is required',
    );
  });

  it('rejects call bounds that cannot hold', () => {
    expect(problem({ callCounts: [{ tool: 'a' }] })).toBe('give min, max or both');
    expect(problem({ callCounts: [{ tool: 'a', min: 2, max: 1 }] })).toBe('min is larger than max');
  });
});
