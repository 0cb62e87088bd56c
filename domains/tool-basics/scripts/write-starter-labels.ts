/**
 * Writes calibration/labels.jsonl from scripts/starter-answers.json: each hand-written answer with the
 * person's outcome on its case's rubric, the hash of the case input and its tool calls with the results the
 * pack's real tools give on the starter clock (never written by hand). Run it again after editing the answers;
 * check-starter-labels.ts then replays every call and refuses a result that differs.
 *
 *   pnpm --filter @evalpacks/tool-basics write-labels
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadPackCases, type PersonLabel } from '@evalpacks/core';
import { inputHash } from '@evalpacks/core/calibration';
import pack from '../src/index.ts';
import { type AskedCall, runStarterCalls } from './starter-tools.ts';

interface StarterAnswer {
  caseId: string;
  passed: boolean;
  note: string;
  answer: string;
  calls: AskedCall[];
}

const answers = JSON.parse(readFileSync(new URL('./starter-answers.json', import.meta.url), 'utf8')) as StarterAnswer[];
const cases = await loadPackCases(pack);
const lines: string[] = [];
for (const { caseId, passed, note, answer, calls } of answers) {
  const testCase = cases.find((candidate) => candidate.id === caseId);
  if (!testCase) throw new Error(`starter-answers.json: no case "${caseId}" in the pack`);
  const label: PersonLabel = {
    caseId,
    kind: 'rubric',
    itemId: 'rubric',
    passed,
    note,
    inputSha256: inputHash(testCase.input),
    answer,
    toolCalls: await runStarterCalls(calls),
  };
  lines.push(JSON.stringify(label));
}
writeFileSync(new URL('../calibration/labels.jsonl', import.meta.url), `${lines.join('\n')}\n`);
process.stdout.write(`wrote ${lines.length} starter labels to domains/tool-basics/calibration/labels.jsonl\n`);
