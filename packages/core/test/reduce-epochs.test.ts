import { describe, expect, it } from 'vitest';
import { policyResolver, reduceEpochs } from '../src/grade/reduce-epochs.ts';
import { summarizeRepeats } from '../src/grade/repeat-figures.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { runPack } from '../src/runner/run-pack.ts';
import { CaseSchema } from '../src/schema/case.ts';
import { parseRepeatPolicy, passesPolicy, type RepeatPolicy } from '../src/schema/repeat-policy.ts';
import { promptNamed, sampleCase, scriptedAgent, scriptedJudge, tablePack } from './support.ts';

const pack = tablePack;
const variant = promptNamed('baseline');

/** A judge that catches "cors" on the 1st and 3rd time it is asked and everything else always. */
function twoOfThreeJudge() {
  let corsAsked = 0;
  return scriptedJudge((request) => {
    if (request.prompt.includes('<must_not_be_flagged>')) return '{"reasoning":"Not flagged.","flagged":false}';
    if (request.prompt.includes('id="cors"')) {
      corsAsked++;
      return `{"reasoning":"Attempt ${corsAsked}.","caught":${corsAsked !== 2}}`;
    }
    return '{"reasoning":"Caught.","caught":true}';
  });
}

async function threeEpochs() {
  const agent = scriptedAgent(() => '| Finding |');
  return runPack({ pack, variant, cases: [sampleCase], agent, judge: twoOfThreeJudge(), concurrency: 1, epochs: 3 });
}

describe('repeat policies', () => {
  it('reads the four forms and rejects others with the accepted ones', () => {
    expect(['majority', 'all', 'any', 'min-rate:0.8', 'min-rate=0.5', 'min-rate 1'].map(parseRepeatPolicy)).toEqual([
      'majority',
      'all',
      'any',
      'min-rate:0.8',
      'min-rate:0.5',
      'min-rate:1',
    ]);
    expect(() => parseRepeatPolicy('most')).toThrow(
      'unknown repeat policy "most": use majority, all, any or min-rate:R',
    );
    expect(() => parseRepeatPolicy('min-rate:1.5')).toThrow('unknown repeat policy');
  });

  it.each([
    ['majority', 2, 3, true],
    ['majority', 1, 2, false],
    ['majority', 1, 1, true],
    ['all', 2, 3, false],
    ['all', 3, 3, true],
    ['any', 1, 3, true],
    ['any', 0, 3, false],
    ['min-rate:0.6', 2, 3, true],
    ['min-rate:0.7', 2, 3, false],
  ] as [RepeatPolicy, number, number, boolean][])('%s with %i of %i passes: %s', (policy, k, n, expected) => {
    expect(passesPolicy(policy, k, n)).toBe(expected);
  });

  it('is a case field that a case file can set, validated like the rest', () => {
    const base = { id: 'x', name: 'x', input: 'code' };
    expect(CaseSchema.parse({ ...base, repeatPolicy: 'min-rate 0.9' }).repeatPolicy).toBe('min-rate:0.9');
    expect(CaseSchema.safeParse({ ...base, repeatPolicy: 'often' }).error?.issues[0]?.message).toContain(
      'unknown repeat policy "often"',
    );
  });

  it('lets the case win over the command line, and the command line over the pack', () => {
    const resolve = policyResolver({ cli: 'any', pack: 'all' });
    expect(resolve({ ...sampleCase, repeatPolicy: 'min-rate:0.5' })).toBe('min-rate:0.5');
    expect(resolve(sampleCase)).toBe('any');
    expect(policyResolver({ pack: 'all' })(sampleCase)).toBe('all');
    expect(policyResolver({})(sampleCase)).toBe('majority');
    expect(definePack({ name: 'p', description: 'p', root: '/tmp', repeatPolicy: 'all' }).repeatPolicy).toBe('all');
  });
});

describe('reduceEpochs', () => {
  it('counts a finding caught in 2 of 3 epochs: passing under majority, failing under all, flaky under both', async () => {
    const run = await threeEpochs();
    expect(run.cases.map((result) => [result.epoch, result.status])).toEqual([
      [0, expect.any(String)],
      [1, expect.any(String)],
      [2, expect.any(String)],
    ]);
    for (const [policy, status, verdict] of [
      ['majority', 'passed', 'passed'],
      ['all', 'failed', 'failed'],
    ] as const) {
      const [tally] = reduceEpochs(run.cases, () => policy);
      expect(tally?.status).toBe(status);
      expect(tally?.epochs).toBe(3);
      const cors = tally?.items.find((item) => item.key === 'finding:cors');
      expect(cors).toMatchObject({ passed: 2, failed: 1, graded: 3, flaky: true, verdict });
      expect(tally?.items.filter((item) => item.flaky).map((item) => item.key)).toEqual(['finding:cors']);
    }
  });

  it('summarises items under the policy and epochs with clustered intervals', async () => {
    const run = await threeEpochs();
    const summary = summarizeRepeats(reduceEpochs(run.cases, () => 'majority'));
    expect(summary.epochs).toBe(3);
    expect(summary.cases).toMatchObject({ passed: 1, total: 1, errors: 0 });
    expect(summary.findings).toMatchObject({ itemsPassed: 2, items: 2 });
    expect(summary.findings.samples).toMatchObject({ passed: 5, total: 6, clusters: 1 });
    expect(summary.structural.samples).toMatchObject({ passed: 3, total: 3 });
    expect(summary.absent).toMatchObject({ itemsPassed: 1, items: 1 });
    expect(summary.flaky.map((f) => [f.caseId, f.item.key, f.policy])).toEqual([
      ['lookup', 'finding:cors', 'majority'],
    ]);
  });

  it('keeps judge errors out of the count and marks the case as an error', async () => {
    const agent = scriptedAgent(() => '| Finding |');
    let calls = 0;
    const judge = scriptedJudge((request) => {
      if (request.prompt.includes('<must_not_be_flagged>')) return '{"reasoning":"No.","flagged":false}';
      if (!request.prompt.includes('id="ssn"')) return '{"reasoning":"Caught.","caught":true}';
      // The first ssn question and its one repair attempt get garbage: one epoch's verdict is an error.
      const repair = request.prompt.includes('<previous>');
      if (!repair) calls++;
      return repair || calls === 1 ? 'garbage' : '{"reasoning":"Caught.","caught":true}';
    });
    const run = await runPack({ pack, variant, cases: [sampleCase], agent, judge, concurrency: 1, epochs: 2 });
    const [tally] = reduceEpochs(run.cases, () => 'majority');
    expect(tally?.status).toBe('error');
    const errored = tally?.items.filter((item) => item.errors > 0) ?? [];
    expect(errored).toHaveLength(1);
    expect(errored[0]).toMatchObject({ errors: 1, graded: 1, passed: 1, verdict: 'passed' });
  });
});
