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

  it('keeps ids short and stable', () => {
    expect(idFromInput('How many words are in: "Evals catch quiet agent regressions"')).toBe(
      'how-many-words-are-in-evals-catch-quiet-agent-regressions',
    );
    expect(idFromInput('?!')).toBe('case');
    expect(idFromInput('x'.repeat(80))).toHaveLength(60);
  });

  it('names the file, line and field of an unknown tool', async () => {
    await expect(loadPackCases(pack, [data('bad-tool.json')])).rejects.toThrow(
      /bad-tool\.json:11: field "expected_tool": Invalid option: expected one of "current_time"\|"word_count"$/,
    );
  });

  it('insists on expected_tool, since null there means no tool may be called', async () => {
    await expect(loadPackCases(pack, [data('missing-tool.json')])).rejects.toThrow(
      /missing-tool\.json:2: field "expected_tool": missing: give a tool name, or null for "no tool may be called"$/,
    );
  });
});
