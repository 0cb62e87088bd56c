/**
 * Writes calibration/labels.jsonl from the hand-written starter answers (issue 26 item 5). Each answer's tool
 * calls are run for real, in order, on a fresh order book (the pack's own tools, as a case run gets them), so
 * every result and error in the file is what the tool returned, never typed by hand. The input hash is
 * core's, over the case as the pack loads it.
 *
 *   pnpm --filter @evalpacks/support-tickets write-labels
 */
import { writeFileSync } from 'node:fs';
import { loadPackCases, type PersonLabel } from '@evalpacks/core';
import { inputHash } from '@evalpacks/core/calibration';
import pack from '../src/index.ts';
import { runStarterCalls } from './run-starter-calls.ts';
import { MONEY_ANSWERS } from './starter-answers.ts';
import { ACTION_ANSWERS } from './starter-answers-actions.ts';
import { ORDER_ANSWERS } from './starter-answers-orders.ts';
import { PRIVACY_ANSWERS } from './starter-answers-privacy.ts';

const cases = await loadPackCases(pack);
const lines: string[] = [];
for (const answer of [...MONEY_ANSWERS, ...ORDER_ANSWERS, ...ACTION_ANSWERS, ...PRIVACY_ANSWERS]) {
  const testCase = cases.find((candidate) => candidate.id === answer.caseId);
  if (!testCase) throw new Error(`no case "${answer.caseId}" in the support-tickets pack`);
  const label: PersonLabel = {
    caseId: answer.caseId,
    kind: 'rubric',
    itemId: 'rubric',
    passed: answer.passed,
    note: answer.note,
    inputSha256: inputHash(testCase.input),
    answer: answer.answer,
    toolCalls: await runStarterCalls(answer.calls),
  };
  lines.push(JSON.stringify(label));
}
writeFileSync(new URL('../calibration/labels.jsonl', import.meta.url), `${lines.join('\n')}\n`);
process.stdout.write(`wrote ${lines.length} starter labels to domains/support-tickets/calibration/labels.jsonl\n`);
