import type { Case } from '../schema/case.ts';
import { answerContains, answersWithinTurnLimit, turnsWithin } from './answer-checks.ts';
import type { Check } from './define-check.ts';
import {
  noToolCalled,
  toolCallCount,
  toolCalled,
  toolCalledWith,
  toolNeverCalled,
  toolsCalledInOrder,
} from './tool-checks.ts';

/**
 * The trajectory checks a case's own data asks for, tagged with the prompt part to edit: a required
 * tool not called → Steps, a forbidden tool called → Narrowing, a keyword missing → Expectation.
 * The runner appends them to the pack's structural checks, so no pack writes them by hand.
 */
export function caseChecks(testCase: Case): Check[] {
  const checks: Check[] = [
    ...(testCase.expectTools ?? []).map((tool) => toolCalled(tool)),
    ...(testCase.neverTools ?? []).map((tool) => toolNeverCalled(tool)),
    ...(testCase.noTools ? [noToolCalled()] : []),
    ...(testCase.toolArgs ?? []).map((item, i) =>
      toolCalledWith(item.tool, item.args, { exact: item.exact ?? false, idSuffix: `-${i + 1}` }),
    ),
    ...(testCase.toolOrder && testCase.toolOrder.length > 1 ? [toolsCalledInOrder(testCase.toolOrder)] : []),
    ...(testCase.callCounts ?? []).map((item) => toolCallCount(item.tool, item)),
    ...(testCase.expectedKeyword !== undefined ? [answerContains(testCase.expectedKeyword)] : []),
    ...(testCase.maxTurns !== undefined ? [turnsWithin(testCase.maxTurns)] : []),
  ];
  return checks;
}

/**
 * Every check a case run gets beyond the pack's own: the turn-limit check when the pack has tools (only
 * a tool loop can run away), then the checks the case's data asks for. Only the pack's `tools` matters, so the
 * checks take that shape rather than importing the pack (which itself imports the checks).
 */
export function trajectoryChecks(pack: { readonly tools?: unknown }, testCase: Case): Check[] {
  return [...(pack.tools ? [answersWithinTurnLimit] : []), ...caseChecks(testCase)];
}
