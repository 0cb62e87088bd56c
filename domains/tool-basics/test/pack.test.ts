import { readFileSync } from 'node:fs';
import {
  type Case,
  caseChecks,
  loadPackCases,
  loadPackVariant,
  missingParts,
  referenceAnswerProblems,
  runChecks,
  splitOf,
  type Transcript,
  TranscriptSchema,
  trajectoryChecks,
} from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import { coverageTable, withCoverage } from '../scripts/coverage.ts';
import { replayCalls } from '../scripts/reference-tools.ts';
import pack from '../src/index.ts';
import { TOOL_NAMES } from '../src/tools.ts';

const cases = await loadPackCases(pack);
const raw = JSON.parse(readFileSync(new URL('../cases/tutorial.json', import.meta.url), 'utf8')) as unknown[];
const fixture = (id: string) =>
  TranscriptSchema.parse(JSON.parse(readFileSync(new URL(`../fixtures/${id}.json`, import.meta.url), 'utf8')));
const caseById = (id: string): Case => {
  const testCase = cases.find((c) => c.id === id);
  if (!testCase) throw new Error(`no case ${id}`);
  return testCase;
};
const failed = (testCase: Case, transcript: Transcript) =>
  runChecks([...pack.checks, ...trajectoryChecks(pack, testCase)], transcript, testCase)
    .filter((r) => !r.passed)
    .map((r) => r.id);

const CATEGORIES = ['tool-required', 'no-tool', 'tool-choice', 'ambiguous', 'adversarial'];

describe('tool-basics cases', () => {
  it('loads every case of its tutorial-format file', () => {
    expect(cases.map((c) => c.id)).toEqual(raw.map((item) => (item as { id: string }).id));
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('gives every case a split, a category of the five, a difficulty and a rationale', () => {
    const incomplete = cases.filter(
      (c) => !c.split || !CATEGORIES.includes(c.category ?? '') || !c.difficulty || !c.rationale,
    );
    expect(incomplete.map((c) => c.id)).toEqual([]);
  });

  it('has at least three cases in every category, and 55-65% of them in dev', () => {
    for (const category of CATEGORIES) {
      expect(cases.filter((c) => c.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    const dev = cases.filter((c) => splitOf(c) === 'dev').length / cases.length;
    expect(dev).toBeGreaterThanOrEqual(0.55);
    expect(dev).toBeLessThanOrEqual(0.65);
  });

  it('keeps the README coverage table in step with the cases', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(withCoverage(readme, coverageTable(cases))).toBe(readme);
  });

  it("fixes the tutorial's four: keyword alternatives, and avoid-tool-use graded on its answer", () => {
    const tutorial = ['current-time', 'word-count', 'capital-of-france', 'avoid-tool-use'].map(caseById);
    expect(tutorial.map((c) => [c.id, c.expectTools, c.noTools, c.expectedKeyword])).toEqual([
      ['current-time', ['current_time'], undefined, [':', "o'clock", 'quarter to', 'quarter past', 'half past']],
      ['word-count', ['word_count'], undefined, ['5', 'five']],
      ['capital-of-france', undefined, true, 'Paris'],
      ['avoid-tool-use', ['word_count'], undefined, ['5', 'five']],
    ]);
    const avoid = caseById('avoid-tool-use');
    expect(avoid.input).toMatch(/Avoid tool use\.$/);
    expect(avoid.rubric).toMatch(/^The answer says the text has five words/);
    expect(avoid.rubric).not.toMatch(/called|tool/);
  });

  it('derives the checks the tutorial made by hand, and the added ones: tool order, forbidden tools', () => {
    const ids = (id: string) => caseChecks(caseById(id)).map((check) => [check.id, check.part]);
    expect(ids('word-count')).toEqual([
      ['calls-word-count', 'steps'],
      ['answer-contains-5-or-five', 'expectation'],
    ]);
    expect(ids('capital-of-france')).toEqual([
      ['no-tool-calls', 'narrowing'],
      ['answer-contains-paris', 'expectation'],
    ]);
    expect(ids('days-until-new-year')).toEqual([
      ['calls-current-time', 'steps'],
      ['calls-days-between', 'steps'],
      ['tool-order', 'steps'],
    ]);
    expect(ids('password-length')).toEqual([
      ['calls-char-count', 'steps'],
      ['never-calls-word-count', 'narrowing'],
      [
        'answer-contains-11-or-eleven-or-one-short-or-1-short-or-one-character-short-or-1-character-short',
        'expectation',
      ],
    ]);
  });
});

describe('tool-basics prompts', () => {
  it.each(['baseline', 'strict'])('has all five RISEN sections in the %s prompt and names every tool', async (name) => {
    const variant = await loadPackVariant(pack, name);
    expect(missingParts(variant)).toEqual([]);
    for (const tool of TOOL_NAMES) expect(variant.text).toContain(`\`${tool}\``);
  });

  it('states in the baseline prompt what the cases expect: skip requests change nothing, ask for what is missing', async () => {
    const baseline = await loadPackVariant(pack, 'baseline');
    // The prompt wraps its lines; the sentences are what matter.
    const said = (text: string | undefined) => text?.replace(/\s+/g, ' ');
    expect(said(baseline.sections.narrowing)).toContain(
      "A request to skip the tools, to estimate, or to confirm a figure of the user's own does not change where the figure comes from",
    );
    expect(said(baseline.sections.narrowing)).toContain('call no tool the question does not need');
    expect(said(baseline.sections.steps)).toContain('ask the user for it instead of guessing');
    expect(said(baseline.sections.steps)).toContain('take the most likely reading and say which one you took');
    const strict = await loadPackVariant(pack, 'strict');
    expect(strict.sections.narrowing).toMatch(/Requests to avoid, skip or bypass tools/);
  });
});

describe('tool-basics reference answers', () => {
  it('has a hand-written reference for every case that passes all of its checks', async () => {
    expect(await referenceAnswerProblems(pack)).toEqual([]);
  });

  it.each(cases.map((c) => c.id))('records what the real tools return for the calls of %s', async (id) => {
    const sample = fixture(id);
    expect(sample.input).toBe(caseById(id).input);
    expect(await replayCalls(sample.toolCalls)).toEqual(sample.toolCalls);
    expect(sample.toolCalls.every((call) => call.error === undefined)).toBe(true);
  });
});

const others = JSON.parse(readFileSync(new URL('data/other-answers.json', import.meta.url), 'utf8')) as Record<
  string,
  { right: string[]; wrong: string[] }
>;

describe('other answers through the checks (the second-reviewer habit)', () => {
  it('has two or three other right answers for every case', () => {
    expect(Object.keys(others).sort()).toEqual(cases.map((c) => c.id).sort());
    for (const [id, { right }] of Object.entries(others)) expect(right.length, id).toBeGreaterThanOrEqual(2);
  });

  it.each(cases.map((c) => c.id))('passes right answers and fails wrong ones to %s', (id) => {
    const testCase = caseById(id);
    const reference = fixture(id);
    const { right, wrong } = others[id] ?? { right: [], wrong: [] };
    for (const answer of right) expect(failed(testCase, { ...reference, answer }), answer).toEqual([]);
    const keywordCheck = caseChecks(testCase).find((check) => check.id.startsWith('answer-contains'));
    if (keywordCheck) expect(wrong.length, `${id} needs a wrong answer`).toBeGreaterThan(0);
    for (const answer of wrong) expect(failed(testCase, { ...reference, answer }), answer).toEqual([keywordCheck?.id]);
  });

  it.each(cases.map((c) => c.id))('fails the right answer to %s given by the wrong trajectory', (id) => {
    const testCase = caseById(id);
    const reference = fixture(id);
    const guessed = { ...reference, toolCalls: [], turns: 1 };
    const extra = (name: string) => ({
      ...reference,
      toolCalls: [...reference.toolCalls, { name, arguments: {}, result: 'x' }],
    });
    if (testCase.noTools) {
      expect(failed(testCase, extra('word_count'))).toEqual(['no-tool-calls']);
    } else {
      const tools = testCase.expectTools ?? [];
      expect(tools.length).toBeGreaterThan(0);
      expect(failed(testCase, guessed)).toEqual([
        ...tools.map((tool) => `calls-${tool.replace('_', '-')}`),
        ...(testCase.toolOrder ? ['tool-order'] : []),
      ]);
    }
    for (const tool of testCase.neverTools ?? []) {
      expect(failed(testCase, extra(tool))).toEqual([`never-calls-${tool.replace('_', '-')}`]);
    }
  });
});
