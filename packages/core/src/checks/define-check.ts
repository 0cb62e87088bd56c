import type { Case } from '../schema/case.ts';
import type { CheckResult, RisenPart } from '../schema/check.ts';
import type { Transcript } from '../schema/transcript.ts';

export interface CheckOutcome {
  passed: boolean;
  detail: string;
}

/**
 * A structural or trajectory check: a pure function over a transcript, tagged with the
 * RISEN part it enforces so a failure names the part of the prompt to edit.
 */
export interface Check {
  id: string;
  name: string;
  part: RisenPart;
  run(transcript: Transcript, testCase: Case): CheckOutcome;
}

export function defineCheck(check: Check): Check {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(check.id)) {
    throw new Error(`check id "${check.id}" must be lowercase letters, digits and dashes`);
  }
  return check;
}

/** Runs checks; a check that throws fails with the error as its detail instead of aborting the case. */
export function runChecks(checks: readonly Check[], transcript: Transcript, testCase: Case): CheckResult[] {
  return checks.map((check) => {
    let outcome: CheckOutcome;
    try {
      outcome = check.run(transcript, testCase);
    } catch (error) {
      outcome = { passed: false, detail: `check threw: ${(error as Error).message}` };
    }
    return { id: check.id, name: check.name, part: check.part, ...outcome };
  });
}
