import { defineCheck, definePack, defineTool, type Environment } from '@evalpacks/core';
import { z } from 'zod';

/** An order desk the agent refunds through: the refunds it paid are its end state. */
function orderDesk(): Environment {
  const refunds: string[] = [];
  const refund = defineTool({
    name: 'issue_refund',
    description: 'Refunds an order by its number',
    input: z.object({ orderId: z.string() }),
    run: ({ orderId }) => {
      refunds.push(orderId);
      return { refunds: [...refunds] };
    },
  });
  return { tools: [refund], snapshot: () => ({ refunds: [...refunds] }) };
}

const endState = defineCheck({
  id: 'end-state',
  name: 'Refunds what the case says',
  part: 'steps',
  run: (transcript, testCase) => {
    const [expected, actual] = [JSON.stringify(testCase.expectedEndState), JSON.stringify(transcript.endState)];
    return expected === actual
      ? { passed: true, detail: `the desk ends at ${actual}` }
      : { passed: false, detail: `expected ${expected}, the desk ends at ${actual}` };
  },
});

/** The smallest conversation pack: one scripted three-turn support case, for the runner's end-to-end tests. */
export default definePack({
  name: 'desk-conversation',
  description: 'A support desk answered over several turns; its end state is checked',
  root: new URL('..', import.meta.url),
  checks: [endState],
  environment: orderDesk,
  judge: { subject: 'support conversation' },
});
