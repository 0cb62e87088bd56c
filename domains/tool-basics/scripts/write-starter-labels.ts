/**
 * Writes calibration/labels.jsonl from scripts/starter-answers.json: each hand-written answer with the
 * person's outcome on its case's rubric, the hash of the case input and its tool calls with the results the
 * pack's real tools give on the starter clock (never written by hand). Run it again after editing the answers;
 * check-starter-labels.ts then replays every call and refuses a result that differs.
 *
 *   pnpm --filter @evalpacks/tool-basics write-labels
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type Case, loadPackCases, type PersonLabel } from '@evalpacks/core';
import { inputHash } from '@evalpacks/core/calibration';
import pack from '../src/index.ts';
import { type AskedCall, runStarterCalls } from './starter-tools.ts';

/** One hand-written answer as starter-answers.json holds it: no tool results, only the calls asked for. */
export interface StarterAnswer {
  caseId: string;
  passed: boolean;
  note: string;
  answer: string;
  calls: AskedCall[];
}

export function readStarterAnswers(): StarterAnswer[] {
  return JSON.parse(readFileSync(new URL('./starter-answers.json', import.meta.url), 'utf8')) as StarterAnswer[];
}

/** The labels file's text for these answers: one line each, tool results from the pack's tools. */
export async function starterLabelsText(answers: readonly StarterAnswer[], cases: readonly Case[]): Promise<string> {
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
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const answers = readStarterAnswers();
  const text = await starterLabelsText(answers, await loadPackCases(pack));
  writeFileSync(new URL('../calibration/labels.jsonl', import.meta.url), text);
  process.stdout.write(`wrote ${answers.length} starter labels to domains/tool-basics/calibration/labels.jsonl\n`);
}
