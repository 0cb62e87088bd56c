/**
 * Writes the reference trajectory of every scenario (every JSONL file in cases/): reads fixtures/<id>.json
 * for the calls (name and arguments) and the replies a person wrote, runs the calls through the real tools
 * on a fresh order book, and writes the file back with what the tools returned. Tool results are never
 * typed by hand. A conversation's calls run turn by turn on one order book (conversation-reference.ts).
 * Then compares the end state the calls leave with the line's `end`, and a conversation's turns with its
 * user block: a mismatch is reported and exits 1, as does --check on a stale file.
 *
 *   pnpm --filter @evalpacks/support-tickets references          rewrite every fixture
 *   pnpm --filter @evalpacks/support-tickets references --check  exit 1 if a fixture is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ToolCall } from '@evalpacks/core';
import { compareEndStates, EndStateSchema } from '../src/end-state.ts';
import { ticketInput } from '../src/golden.ts';
import { replayOnFreshDesk } from '../src/replay.ts';
import { conversationProblems, conversationReference } from './conversation-reference.ts';
import { readGolden } from './coverage.ts';

const root = new URL('..', import.meta.url);
const check = process.argv.includes('--check');
const lines = readGolden(root);

const stale: string[] = [];
const wrong: string[] = [];
for (const line of lines) {
  const file = new URL(`fixtures/${line.id}.json`, root);
  const draft = JSON.parse(readFileSync(file, 'utf8')) as {
    answer: string;
    toolCalls?: Pick<ToolCall, 'name' | 'arguments'>[];
    conversation?: Parameters<typeof conversationReference>[1];
  };
  const common = { sample: true, input: ticketInput(line) };
  let reference: Record<string, unknown>;
  let endState: unknown;
  if (line.user) {
    const built = await conversationReference(line, draft.conversation ?? []);
    const { endState: end, ...rest } = built;
    endState = end;
    reference = { ...common, ...rest };
    for (const problem of conversationProblems(line, built.conversation)) wrong.push(`${line.id}: ${problem}`);
  } else {
    const replayed = await replayOnFreshDesk(draft.toolCalls ?? []);
    endState = replayed.endState;
    const { toolCalls } = replayed;
    reference = { ...common, answer: draft.answer, toolCalls, turns: toolCalls.length + 1 };
  }
  const failedCalls = (reference.toolCalls as ToolCall[]).filter((call) => call.error !== undefined);
  for (const call of failedCalls) wrong.push(`${line.id}: ${call.name} failed: ${call.error}`);
  if (line.end) {
    const { matches, detail } = compareEndStates(EndStateSchema.parse(line.end), EndStateSchema.parse(endState));
    if (!matches) wrong.push(`${line.id}: end state: ${detail}`);
  }
  const text = `${JSON.stringify({ ...reference, usage: { input: 0, output: 0 }, latencyMs: 0, model: 'hand-written reference' }, null, 2)}\n`;
  if (text === readFileSync(file, 'utf8')) continue;
  stale.push(line.id);
  if (!check) writeFileSync(file, text);
}
const verb = check ? 'out of date' : 'written';
process.stdout.write(
  `${lines.length} scenarios, ${stale.length} references ${verb}${stale.length ? `: ${stale.join(', ')}` : ''}\n`,
);
for (const problem of wrong) process.stdout.write(`${problem}\n`);
if (wrong.length > 0 || (check && stale.length > 0)) process.exitCode = 1;
