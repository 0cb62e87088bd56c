import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineCheck } from '../src/checks/define-check.ts';
import { definePack } from '../src/pack/define-pack.ts';
import { referenceAnswerProblems } from '../src/pack/reference-answers.ts';

/** The pack's one structural check: the answer has a Findings heading. */
const hasFindings = defineCheck({
  id: 'findings-heading',
  name: 'Has a Findings heading',
  part: 'expectation',
  run: (transcript) =>
    transcript.answer.includes('## Findings')
      ? { passed: true, detail: 'found' }
      : { passed: false, detail: 'no "## Findings" heading' },
});

const reference = (input: string, extra: object = {}) =>
  JSON.stringify(
    {
      input,
      answer: '## Findings\nNone.',
      turns: 1,
      latencyMs: 0,
      model: 'hand-written reference',
      sample: true,
      ...extra,
    },
    null,
    2,
  );

/** A pack in a temporary folder: these case files and fixtures. */
function packWith(cases: string, fixtures: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'evalpacks-refs-'));
  mkdirSync(join(root, 'cases'));
  mkdirSync(join(root, 'fixtures'));
  writeFileSync(join(root, 'cases', 'cases.yaml'), cases);
  for (const [name, text] of Object.entries(fixtures)) writeFileSync(join(root, 'fixtures', name), text);
  return definePack({ name: 'refs', description: 'd', root, checks: [hasFindings] });
}

const CASES = ['good', 'missing', 'failing', 'posing', 'stale', 'keyword']
  .map(
    (id) =>
      `- id: ${id}\n  name: ${id}\n  input: input of ${id}\n${id === 'keyword' ? '  expectedKeyword: nothing\n' : ''}`,
  )
  .join('');

describe('referenceAnswerProblems', () => {
  it('is empty when every case has a hand-written reference that passes its checks', async () => {
    const pack = packWith('- id: good\n  name: good\n  input: input of good\n', {
      'good.json': reference('input of good'),
    });
    expect(await referenceAnswerProblems(pack)).toEqual([]);
  });

  it('names each case whose reference is missing, stale, posing as a model, or failing a check', async () => {
    const pack = packWith(CASES, {
      'good.json': reference('input of good'),
      'failing.json': reference('input of failing', { answer: 'Looks fine.' }),
      'posing.json': reference('input of posing', { model: 'qwen3.5:4b', usage: { input: 812, output: 240 } }),
      'stale.json': reference('the input before the case changed'),
      'keyword.json': reference('input of keyword'),
    });
    const fixture = (id: string) => join(pack.root, 'fixtures', `${id}.json`);
    expect(await referenceAnswerProblems(pack)).toEqual([
      {
        caseId: 'missing',
        file: fixture('missing'),
        message: `case "missing" has no reference answer: write ${fixture('missing')}`,
      },
      {
        caseId: 'failing',
        file: fixture('failing'),
        message: 'fails check "findings-heading" (Has a Findings heading): no "## Findings" heading',
      },
      {
        caseId: 'posing',
        file: fixture('posing'),
        message:
          'field "model": "qwen3.5:4b" names a model; a reference is written by hand and says so ("hand-written reference")',
      },
      {
        caseId: 'posing',
        file: fixture('posing'),
        message:
          'field "usage": a hand-written reference spent no tokens; write { "input": 0, "output": 0 } or leave it out',
      },
      {
        caseId: 'stale',
        file: fixture('stale'),
        message: `${fixture('stale')}:2: field "input": differs from the input of case "stale"; update the fixture to the case as it is now`,
      },
      {
        caseId: 'keyword',
        file: fixture('keyword'),
        message:
          'fails check "answer-contains-nothing" (Answer contains "nothing"): the answer must contain "nothing" (ignoring case); it does not',
      },
    ]);
  });
});
