import { defineCheck } from '@evalpacks/core';
import { compareEndStates, EndStateSchema, readRecordedEndState } from './end-state.ts';

/**
 * Narrowing: what the agent did to the order book, not what it says it did. Core carries both sides
 * opaquely: `transcript.endState` (the order book's snapshot after the run) and `testCase.expectedEndState`
 * (the golden line's `end`); this pack gives them their shape. Compares every refund,
 * cancellation, address change and escalation the run left behind with the case's `end`; a kind the
 * case leaves out must be empty, so an unexpected refund always fails.
 */
export const endStateMatches = defineCheck({
  id: 'end-state',
  name: 'Leaves the order book as the case expects',
  part: 'narrowing',
  run(transcript, testCase) {
    const expected = testCase.expectedEndState;
    if (expected === undefined) return { passed: true, detail: 'the case states no end state' };
    const recorded = transcript.endState;
    // Passing here would let a runner that forgot the snapshot pass every case unseen.
    if (recorded === undefined)
      return { passed: false, detail: 'the case expects an end state, but the run recorded none' };
    const { matches, detail } = compareEndStates(EndStateSchema.parse(expected), readRecordedEndState(recorded));
    return { passed: matches, detail };
  },
});
