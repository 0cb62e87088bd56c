import { type Case, defineCheck, type Transcript } from '@evalpacks/core';
import { compareEndStates, EndStateSchema, readRecordedEndState } from './end-state.ts';

/**
 * The run's end state and the case's expected one, as core carries them: `transcript.endState` is the
 * environment's snapshot after the run, `testCase.expectedEndState` the golden line's `end`. Core treats
 * both as opaque; this pack gives them their shape.
 */
const recordedOf = (transcript: Transcript) => (transcript as Transcript & { endState?: unknown }).endState;
const expectedOf = (testCase: Case) => (testCase as Case & { expectedEndState?: unknown }).expectedEndState;

/**
 * Narrowing: what the agent did to the order book, not what it says it did. Compares every refund,
 * cancellation, address change and escalation the run left behind with the case's `end`; a kind the
 * case leaves out must be empty, so an unexpected refund always fails.
 */
export const endStateMatches = defineCheck({
  id: 'end-state',
  name: 'Leaves the order book as the case expects',
  part: 'narrowing',
  run(transcript, testCase) {
    const expected = expectedOf(testCase);
    if (expected === undefined) return { passed: true, detail: 'the case states no end state' };
    const recorded = recordedOf(transcript);
    // Passing here would let a runner that forgot the snapshot pass every case unseen.
    if (recorded === undefined)
      return { passed: false, detail: 'the case expects an end state, but the run recorded none' };
    const { matches, detail } = compareEndStates(EndStateSchema.parse(expected), readRecordedEndState(recorded));
    return { passed: matches, detail };
  },
});
