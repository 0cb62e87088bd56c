import { defineCheck, definePack, defineTool, type Environment } from '@evalpacks/core';
import { z } from 'zod';

/** A counter the agent adds to: the smallest stateful world, for the end-state tests. */
function counter(): Environment {
  let count = 0;
  const add = defineTool({
    name: 'add',
    description: 'Adds a whole number to the counter and returns the new count',
    input: z.object({ by: z.number().int() }),
    run: ({ by }) => {
      count += by;
      return { count };
    },
  });
  return { tools: [add], snapshot: () => ({ count }) };
}

/** The counter as the run left it against the case's expected end state: what happened, not what was said. */
const endState = defineCheck({
  id: 'end-state',
  name: 'The counter ends where the case says',
  part: 'steps',
  run: (transcript, testCase) => {
    const [expected, actual] = [JSON.stringify(testCase.expectedEndState), JSON.stringify(transcript.endState)];
    return expected === actual
      ? { passed: true, detail: `the counter ends at ${actual}` }
      : { passed: false, detail: `expected ${expected}, the counter ends at ${actual}` };
  },
});

export default definePack({
  name: 'counter',
  description: 'A counter the agent adds to; its end state is checked',
  root: new URL('..', import.meta.url),
  checks: [endState],
  environment: counter,
});
