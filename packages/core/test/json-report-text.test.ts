import { describe, expect, it } from 'vitest';
import { jsonReport } from '../src/report/json.ts';
import type { CaseResult, RunResult } from '../src/schema/result.ts';
import { sampleCase } from './support.ts';

const NASTY = 'a <b> & "c" \'d\' \u0000\u0007 \\ | pipe\nnext line ]]> 😀 \u2028';

function result(testCase: CaseResult['case'], epoch: number): CaseResult {
  return {
    case: testCase,
    epoch,
    status: epoch === 1 ? 'failed' : 'passed',
    transcript: {
      input: testCase.input,
      answer: `answer ${NASTY}`,
      toolCalls: [{ name: 'lookup', arguments: { id: 7, nested: { list: [] } }, result: { ok: true } }],
      turns: 1,
      usage: { input: 1, output: 1 },
      latencyMs: 0.1 + 0.2,
      model: 'm',
    },
    checks: [],
    verdicts: [],
    reasons: epoch === 1 ? [`steps: ${NASTY}`] : [],
    judgeUsage: { input: 1, output: 1 },
  };
}

const run = (cases: CaseResult[]): RunResult => ({
  pack: 'demo',
  variant: 'v2',
  agent: { backend: 'ollama', model: 'a' },
  startedAt: '2025-03-04T05:06:07.891Z',
  finishedAt: '2025-03-04T05:06:10.391Z',
  cases,
});

describe('results.json text', () => {
  it('is JSON.stringify(report, null, 2) of the results whether or not epochs share one case object', () => {
    // The store gives every epoch of a case one case object; a run made in code may give each its own.
    const shared = { ...sampleCase, input: `input ${NASTY}` };
    const other = { ...sampleCase, id: 'other', name: 'Other', input: NASTY };
    // A result whose case is not its first key is written in its own key order.
    const { case: lastCase, ...rest } = result(structuredClone(other), 2);
    const reordered = { ...rest, case: lastCase } as CaseResult;
    const cases = [result(shared, 0), result(shared, 1), result(shared, 2), result(other, 0), result({ ...other }, 1)];
    for (const results of [cases, [...cases, reordered], [reordered]]) {
      const text = jsonReport(run(results), { runId: '7' });
      expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
      expect(JSON.stringify(JSON.parse(text).cases)).toBe(JSON.stringify(results));
    }
  });

  it('stringifies the case that the epochs of a case share once, not once an epoch', () => {
    let stringified = 0;
    const counted = {
      ...sampleCase,
      toJSON() {
        stringified++;
        return { ...sampleCase };
      },
    };
    const text = jsonReport(run([result(counted, 0), result(counted, 1), result(counted, 2)]));
    expect(stringified).toBe(1);
    expect(JSON.parse(text).cases.map((c: CaseResult) => c.case)).toEqual([sampleCase, sampleCase, sampleCase]);
  });
});
