import { fileURLToPath } from 'node:url';
import { loadPackCases } from '@evalpacks/core';
import { describe, expect, it } from 'vitest';
import pack from '../src/index.ts';
import { idFromInput } from '../src/tutorial-format.ts';

const data = (name: string) => fileURLToPath(new URL(`data/${name}`, import.meta.url));

describe("the tutorial's case format", () => {
  it('loads as it is: ids from the inputs, null meaning none', async () => {
    const cases = await loadPackCases(pack, [data('tutorial-as-is.json')]);
    expect(cases).toEqual([
      {
        id: 'what-day-of-the-week-is-it',
        name: 'What day of the week is it?',
        description: '',
        input: 'What day of the week is it?',
        expectedFindings: [],
        expectedAbsent: [],
        expectTools: ['current_time'],
      },
      {
        id: 'spell-cat-backwards',
        name: "Spell 'cat' backwards.",
        description: '',
        input: "Spell 'cat' backwards.",
        expectedFindings: [],
        expectedAbsent: [],
        noTools: true,
        expectedKeyword: 'tac',
        rubric: 'The answer is tac.',
      },
    ]);
  });

  it('takes the optional additions: keyword alternatives, tools in order, forbidden tools, split and the rest', async () => {
    const cases = await loadPackCases(pack, [data('with-additions.json')]);
    expect(cases).toEqual([
      {
        id: 'days-to-launch',
        name: 'How many days are left until the launch on 2026-09-01?',
        description: '',
        input: 'How many days are left until the launch on 2026-09-01?',
        expectedFindings: [],
        expectedAbsent: [],
        expectTools: ['current_time', 'days_between'],
        toolOrder: ['current_time', 'days_between'],
        neverTools: ['convert_units'],
        rubric: 'The answer gives the days from today to 2026-09-01.',
        split: 'test',
        category: 'tool-required',
        difficulty: 'expert',
        tags: ['dates'],
        rationale: "Today's date first, then the span.",
      },
      {
        id: 'how-many-words-are-in-a-b-c',
        name: "How many words are in 'a b c'?",
        description: '',
        input: "How many words are in 'a b c'?",
        expectedFindings: [],
        expectedAbsent: [],
        expectTools: ['word_count'],
        expectedKeyword: ['3', 'three'],
      },
    ]);
  });

  it("reads a keyword of the wrong type as the tutorial's own error, and refuses an empty list", async () => {
    await expect(loadPackCases(pack, [data('number-keyword.json')])).rejects.toThrow(
      /number-keyword\.json:4: field "expected_keyword": Invalid input: expected string, received number$/,
    );
    await expect(loadPackCases(pack, [data('bad-keyword-list.json')])).rejects.toThrow(
      /bad-keyword-list\.json:4: field "expected_keyword": Too small: expected array to have >=1 items$/,
    );
  });

  it('names the forbidden tool it has no tool for', async () => {
    await expect(loadPackCases(pack, [data('bad-forbidden-tool.json')])).rejects.toThrow(
      /bad-forbidden-tool\.json:6: field "forbidden_tools\.0": Invalid option: expected one of "current_time"\|/,
    );
  });

  it('keeps ids short and stable', () => {
    expect(idFromInput('How many words are in: "Evals catch quiet agent regressions"')).toBe(
      'how-many-words-are-in-evals-catch-quiet-agent-regressions',
    );
    expect(idFromInput('?!')).toBe('case');
    expect(idFromInput('x'.repeat(80))).toHaveLength(60);
  });

  it('names the file, line and field of an unknown tool', async () => {
    await expect(loadPackCases(pack, [data('bad-tool.json')])).rejects.toThrow(
      /bad-tool\.json:11: field "expected_tool": Invalid option: expected one of "current_time"\|"word_count"\|"char_count"\|"convert_units"\|"days_between"$/,
    );
  });

  it('insists on expected_tool, since null there means no tool may be called', async () => {
    await expect(loadPackCases(pack, [data('missing-tool.json')])).rejects.toThrow(
      /missing-tool\.json:2: field "expected_tool": missing: give a tool name, or null for "no tool may be called"$/,
    );
  });
});
