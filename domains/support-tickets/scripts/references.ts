/**
 * Writes the reference trajectory of every golden scenario: reads fixtures/<id>.json for the calls
 * (name and arguments) and the reply a person wrote, runs the calls through the real tools on a fresh
 * order book, and writes the file back with what the tools returned. Tool results are never typed by hand.
 *
 *   pnpm --filter @evalpacks/support-tickets references          rewrite every fixture
 *   pnpm --filter @evalpacks/support-tickets references --check  exit 1 if a fixture is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ticketInput } from '../src/golden.ts';
import { replayOnFreshDesk } from '../src/replay.ts';
import { readGolden } from './coverage.ts';

const root = new URL('..', import.meta.url);
const check = process.argv.includes('--check');
const lines = readGolden(root);

const stale: string[] = [];
for (const line of lines) {
  const file = new URL(`fixtures/${line.id}.json`, root);
  const draft = JSON.parse(readFileSync(file, 'utf8')) as {
    answer: string;
    toolCalls?: { name: string; arguments: Record<string, unknown> }[];
  };
  const { toolCalls } = await replayOnFreshDesk(draft.toolCalls ?? []);
  const reference = {
    sample: true,
    input: ticketInput(line),
    answer: draft.answer,
    toolCalls,
    turns: toolCalls.length + 1,
    usage: { input: 0, output: 0 },
    latencyMs: 0,
    model: 'hand-written reference',
  };
  const text = `${JSON.stringify(reference, null, 2)}\n`;
  if (text === readFileSync(file, 'utf8')) continue;
  stale.push(line.id);
  if (!check) writeFileSync(file, text);
}
const verb = check ? 'out of date' : 'written';
process.stdout.write(
  `${lines.length} scenarios, ${stale.length} references ${verb}${stale.length ? `: ${stale.join(', ')}` : ''}\n`,
);
if (check && stale.length > 0) process.exitCode = 1;
