import { definePack } from '@evalpacks/core';
import { basicTools } from './tools.ts';
import { tutorialToCase } from './tutorial-format.ts';

export { basicTools, countWords, formatLocalTime, TOOL_NAMES } from './tools.ts';
export { idFromInput, type TutorialCase, TutorialCaseSchema, tutorialToCase } from './tutorial-format.ts';

export default definePack({
  name: 'tool-basics',
  description:
    'The small assistant of the classic tutorial, with tools current_time and word_count: four cases with ' +
    'an expected keyword, an expected tool (or none) and a rubric, one of them asking the agent to avoid tools.',
  root: new URL('..', import.meta.url),
  checks: [],
  toCase: tutorialToCase,
  tools: () => basicTools(),
});
