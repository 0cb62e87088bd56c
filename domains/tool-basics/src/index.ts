import { definePack } from '@evalpacks/core';
import { basicTools } from './tools.ts';
import { tutorialToCase } from './tutorial-format.ts';

export { dayNumber, daysBetween } from './dates.ts';
export { basicTools, countCharacters, countWords, formatLocalTime, TOOL_NAMES, type ToolName } from './tools.ts';
export { idFromInput, type TutorialCase, TutorialCaseSchema, tutorialToCase } from './tutorial-format.ts';
export { convertUnits, UNIT_IDS, type Unit } from './units.ts';

export default definePack({
  name: 'tool-basics',
  description:
    'A small assistant with five tools (current_time, word_count, char_count, convert_units, days_between) and ' +
    '24 cases in the classic tutorial format: when a tool is needed, which one, when none is, what to do with a ' +
    'question that leaves something out, and users who try to talk it out of the tools.',
  root: new URL('..', import.meta.url),
  checks: [],
  toCase: tutorialToCase,
  tools: () => basicTools(),
});
