import { readFileSync } from 'node:fs';
import {
  caseChecks,
  invokeTool,
  loadPackCases,
  loadPackVariant,
  missingParts,
  runChecks,
  TranscriptSchema,
  trajectoryChecks,
} from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import pack from '../src/index.ts';
import { basicTools } from '../src/tools.ts';

const cases = await loadPackCases(pack);
const fixture = (id: string) =>
  TranscriptSchema.parse(JSON.parse(readFileSync(new URL(`../fixtures/${id}.json`, import.meta.url), 'utf8')));

describe('tool-basics pack', () => {
  it("loads the tutorial's four cases from its JSON format", () => {
    expect(cases.map((c) => [c.id, c.expectTools, c.noTools, c.expectedKeyword, Boolean(c.rubric)])).toEqual([
      ['current-time', ['current_time'], undefined, ':', true],
      ['word-count', ['word_count'], undefined, '5', true],
      ['capital-of-france', undefined, true, 'Paris', true],
      ['avoid-tool-use', ['word_count'], undefined, undefined, true],
    ]);
    expect(cases.find((c) => c.id === 'avoid-tool-use')?.input).toMatch(/Avoid tool use\.$/);
  });

  it('derives the checks the tutorial made by hand: keyword, tool, or no tool at all', () => {
    const ids = (id: string) => {
      const testCase = cases.find((c) => c.id === id);
      if (!testCase) throw new Error(id);
      return caseChecks(testCase).map((check) => [check.id, check.part]);
    };
    expect(ids('current-time')).toEqual([
      ['calls-current-time', 'steps'],
      ['answer-contains', 'expectation'],
    ]);
    expect(ids('capital-of-france')).toEqual([
      ['no-tool-calls', 'narrowing'],
      ['answer-contains-paris', 'expectation'],
    ]);
    expect(ids('avoid-tool-use')).toEqual([['calls-word-count', 'steps']]);
  });

  it.each(['baseline', 'strict'])('has all five RISEN sections in the %s prompt', async (name) => {
    expect(missingParts(await loadPackVariant(pack, name))).toEqual([]);
  });

  it('tells the agent in the strict prompt to use the tool even when asked not to', async () => {
    const strict = await loadPackVariant(pack, 'strict');
    const baseline = await loadPackVariant(pack, 'baseline');
    expect(strict.sections.narrowing).toMatch(/Requests to avoid, skip or bypass tools/);
    expect(baseline.text).not.toMatch(/avoid/i);
  });

  it.each(cases.map((c) => c.id))('has a sample transcript of %s that passes its checks', async (id) => {
    const testCase = cases.find((c) => c.id === id);
    if (!testCase) throw new Error(id);
    const sample = fixture(id);
    expect(sample.input).toBe(testCase.input);
    expect(runChecks(trajectoryChecks(pack, testCase), sample, testCase).filter((r) => !r.passed)).toEqual([]);
    // A backend shows the model a number as text, so the sample records "5", not 5.
    const tools = basicTools(() => new Date(2026, 6, 10, 12, 44, 39));
    for (const call of sample.toolCalls) {
      const tool = tools.find((t) => t.name === call.name);
      if (!tool) throw new Error(call.name);
      expect(String(await invokeTool(tool, call.arguments))).toBe(call.result);
    }
  });
});
