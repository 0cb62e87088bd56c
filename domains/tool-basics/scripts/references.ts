/**
 * Writes the reference answer of every case: reads fixtures/<id>.json for the calls (name and arguments)
 * and the answer a person wrote, runs the calls through the real tools (replayCalls), and writes the file
 * back with what the tools returned. Tool results are never typed by hand.
 *
 *   pnpm --filter @evalpacks/tool-basics references          rewrite every fixture
 *   pnpm --filter @evalpacks/tool-basics references --check  exit 1 if a fixture is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadPackCases } from '@evalpacks/core';
import pack from '../src/index.ts';
import { replayCalls } from './reference-tools.ts';

const root = new URL('..', import.meta.url);
const check = process.argv.includes('--check');
const cases = await loadPackCases(pack);

const stale: string[] = [];
for (const testCase of cases) {
  const file = new URL(`fixtures/${testCase.id}.json`, root);
  const draft = JSON.parse(readFileSync(file, 'utf8')) as {
    answer: string;
    toolCalls?: { name: string; arguments: Record<string, unknown> }[];
  };
  const toolCalls = await replayCalls(draft.toolCalls ?? []);
  const reference = {
    sample: true,
    input: testCase.input,
    answer: draft.answer,
    toolCalls,
    // One call a turn, then the answer.
    turns: toolCalls.length + 1,
    usage: { input: 0, output: 0 },
    latencyMs: 0,
    model: 'hand-written reference',
  };
  const text = `${JSON.stringify(reference, null, 2)}\n`;
  if (text === readFileSync(file, 'utf8')) continue;
  stale.push(testCase.id);
  if (!check) writeFileSync(file, text);
}
const verb = check ? 'out of date' : 'written';
process.stdout.write(
  `${cases.length} cases, ${stale.length} references ${verb}${stale.length ? `: ${stale.join(', ')}` : ''}\n`,
);
if (check && stale.length > 0) process.exitCode = 1;
