import { describe, expect, it } from 'vitest';
import { CacheMissError } from '../src/cache/model-calls.ts';
import { judgeCase } from '../src/judge/judge-case.ts';
import { judgeItem } from '../src/judge/judge-item.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { sampleCase, scriptedJudge } from './support.ts';

const gate = <T>(call: () => Promise<T>) => call();
const request = { kind: 'finding' as const, itemId: 'ssn', system: 'sys', prompt: 'judge this' };

describe('judgeItem', () => {
  it('returns the verdict of a well-formed answer in one call', async () => {
    const judge = scriptedJudge(() => '{"reasoning":"Names the SSN leak.","caught":true}');
    const verdict = await judgeItem(judge, request, gate);
    expect(verdict).toEqual({
      kind: 'finding',
      itemId: 'ssn',
      model: 'judge-model',
      usage: { input: 10, output: 5 },
      latencyMs: 1,
      status: 'ok',
      reasoning: 'Names the SSN leak.',
      passed: true,
    });
    expect(judge.calls).toHaveLength(1);
    expect(judge.calls[0]?.jsonSchema).toMatchObject({ required: ['reasoning', 'caught'] });
  });

  it('repairs once: a garbled first answer followed by a good one is a verdict', async () => {
    const judge = scriptedJudge((_r, n) => (n === 1 ? 'caught it!' : '{"reasoning":"ok","caught":false}'));
    const verdict = await judgeItem(judge, request, gate);
    expect(verdict).toMatchObject({ status: 'ok', passed: false, usage: { input: 20, output: 10 } });
    expect(judge.calls[1]?.prompt).toContain('Your previous answer could not be used (not JSON');
    expect(judge.calls[1]?.prompt).toContain('caught it!');
  });

  it('records garbage after the repair attempt as a judge error with the raw text, never a miss', async () => {
    const judge = scriptedJudge(() => 'I think so, yes.');
    const verdict = await judgeItem(judge, request, gate);
    expect(verdict).toMatchObject({
      status: 'error',
      error: 'unparseable verdict after one repair attempt (not JSON: no JSON object in the answer)',
      raw: 'I think so, yes.',
    });
    expect(verdict).not.toHaveProperty('passed');
    expect(judge.calls).toHaveLength(2);
  });

  it('records a cut-off answer as a judge error naming the cause, without a repair attempt', async () => {
    const base = scriptedJudge(() => '{"reasoning":"The diff shows');
    const judge = {
      ...base,
      call: async (r: Parameters<typeof base.call>[0]) => ({ ...(await base.call(r)), stopReason: 'length' as const }),
    };
    const verdict = await judgeItem(judge, request, gate);
    expect(verdict).toEqual({
      kind: 'finding',
      itemId: 'ssn',
      model: 'judge-model',
      usage: { input: 10, output: 5 },
      latencyMs: 1,
      stopReason: 'length',
      status: 'error',
      error:
        'the judge answer was cut off at its output limit (stop reason "length"); a thinking judge can use it all up: try --judge-think off',
      raw: '{"reasoning":"The diff shows',
    });
    expect(base.calls).toHaveLength(1);
  });

  it('reports an item offline mode has no cached verdict for as skipped, neither a pass nor an error', async () => {
    const judge = scriptedJudge(() => new Error('model call', { cause: new CacheMissError('judge', 'key') }));
    expect(await judgeItem(judge, { ...request, epoch: 2 }, gate)).toMatchObject({
      status: 'skipped',
      reason: 'offline: no cached verdict',
    });
    expect(judge.calls[0]?.epoch).toBe(2);
  });

  it('records a failed call as a judge error without retrying it', async () => {
    const judge = scriptedJudge(() => new Error('HTTP 500'));
    expect(await judgeItem(judge, request, gate)).toMatchObject({
      status: 'error',
      error: 'judge call failed: HTTP 500',
    });
    expect(judge.calls).toHaveLength(1);
  });
});

describe('judgeCase', () => {
  const pack = definePack({ name: 'demo', description: 'demo', root: '/tmp', judge: { subject: 'code review' } });
  const transcript = {
    input: 'x',
    answer: 'The SSN leaks.',
    toolCalls: [],
    turns: 1,
    usage: { input: 0, output: 0 },
    latencyMs: 0,
    model: 'm',
  };

  it('asks one question per finding and per expectedAbsent item; one failure does not block the others', async () => {
    const judge = scriptedJudge((r) => {
      if (r.prompt.includes('id="cors"')) return new Error('connection reset');
      if (r.prompt.includes('<must_not_be_flagged>')) return '{"reasoning":"Not mentioned.","flagged":false}';
      return '{"reasoning":"Names it.","caught":true}';
    });
    const verdicts = await judgeCase(judge, pack, sampleCase, transcript, gate);
    expect(verdicts.map((v) => [v.kind, v.itemId, v.status])).toEqual([
      ['finding', 'ssn', 'ok'],
      ['finding', 'cors', 'error'],
      ['absent', 'absent-1', 'ok'],
    ]);
    expect(judge.calls[0]?.system).toContain('You evaluate a code review.');
    expect(judge.calls[0]?.prompt).toMatch(/<code_review fence="(\w+)">\nThe SSN leaks.\n<\/code_review fence="\1">/);
  });
});
