import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OllamaStandIn, ollamaSimulatedUser, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CliResult, runCli, summaryOf, tempStore } from './run-cli.ts';
import { ASK, CONV_1_RULES, conv1File, DONE, OPENING, onOllama, scriptAgent, scriptJudge } from './support-conv-1.ts';

/** Tomás on the Ollama stand-in. */
const tomas = () => ollamaSimulatedUser(CONV_1_RULES);

interface SavedCase {
  status: string;
  reasons: string[];
  checks: { id: string; passed: boolean }[];
  verdicts: { itemId: string; status: string; passed?: boolean }[];
  transcript: { conversation: { role: string; text: string }[]; conversationEnd: string; endState?: unknown };
}

let standIn: OllamaStandIn;
beforeAll(async () => {
  standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
});
beforeEach(() => standIn.reset());
afterAll(() => standIn.close());

async function run(store: string, ...extra: string[]): Promise<{ result: CliResult; saved: SavedCase }> {
  const out = mkdtempSync(join(tmpdir(), 'evalpacks-conv-1-out-'));
  const args = ['eval', '--domain', 'support-tickets', '--test-case', conv1File(), '--store', store];
  const flags = ['--ollama-host', standIn.url, '--model', 'qwen3.5:4b', '--judge-model', 'judge:1b'];
  const result = await runCli([...args, ...flags, '--reporter', 'console,json', '--out', out, ...extra]);
  const report = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { cases: SavedCase[] };
  return { result, saved: report.cases[0] as SavedCase };
}

const turns = (saved: SavedCase) => saved.transcript.conversation.map((turn) => `${turn.role}: ${turn.text}`);
const PACK_CHECKS_PASSED = [
  ['refund-after-lookup', true],
  ['cancel-after-lookup', true],
  ['address-change-after-lookup', true],
  ['one-refund-per-order', true],
  ['names-looked-up-orders', true],
  ['no-unbacked-refund-claim', true],
  ['no-other-customers-data', true],
  ['end-state', true],
  ['answers-within-turn-limit', true],
  ['calls-lookup-order', true],
  ['calls-issue-refund', true],
  ['calls-issue-refund-with-1', true],
  ['tool-order', true],
  ['issue-refund-call-count', true],
];

describe('the shipped support-tickets conv-1 with a simulated user, on the Ollama stand-in', () => {
  it('passes an agent that asks for the order number first: the user gives it only then, and ###STOP### ends it', async () => {
    const user = tomas();
    standIn.script(user);
    scriptJudge(onOllama(standIn));
    scriptAgent(onOllama(standIn), 'asks first');
    const { result, saved } = await run(tempStore());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(turns(saved)).toEqual([OPENING, `agent: ${ASK}`, 'user: The order number is ORD-1011.', `agent: ${DONE}`]);
    expect(saved.transcript.conversationEnd).toBe('user-stop');
    expect(saved.transcript.endState).toEqual({
      refunds: [{ orderId: 'ORD-1011', amount: 79.99 }],
      cancellations: [],
      addressChanges: [],
      escalations: [],
    });
    expect(saved.status).toBe('passed');
    expect(saved.checks.map((check) => [check.id, check.passed])).toEqual(PACK_CHECKS_PASSED);
    expect(saved.verdicts.map((v) => [v.itemId, v.status, v.passed])).toEqual([['rubric', 'ok', true]]);
    // The user was asked twice: the number only after the agent's question, ###STOP### after the refund.
    expect(user.script.seen.map((seen) => seen.agentSaid)).toEqual([ASK, DONE]);
  });

  it('fails an agent that refunds before asking: the rubric fails though the refund itself was right', async () => {
    const user = tomas();
    standIn.script(user);
    scriptJudge(onOllama(standIn));
    scriptAgent(onOllama(standIn), 'refunds first');
    const { result, saved } = await run(tempStore());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(turns(saved)).toEqual([OPENING, `agent: ${DONE}`]);
    // The customer never said the number: the agent never asked for it.
    expect(saved.transcript.conversation.filter((t) => t.role === 'user' && t.text.includes('ORD-1011'))).toEqual([]);
    expect(saved.transcript.conversationEnd).toBe('user-stop');
    expect(saved.status).toBe('failed');
    expect(saved.checks.map((check) => [check.id, check.passed])).toEqual(PACK_CHECKS_PASSED);
    expect(saved.verdicts.map((v) => [v.itemId, v.status, v.passed])).toEqual([['rubric', 'ok', false]]);
    expect(saved.reasons).toEqual(['rubric not met: It refunded without asking.']);
  });

  it('reports a user who never says ###STOP### as "not graded: turn limit", never as an agent failure', async () => {
    standIn.script(ollamaSimulatedUser([{ reply: { say: 'I do not have it to hand. Can you not just look?' } }]));
    scriptJudge(onOllama(standIn));
    scriptAgent(onOllama(standIn), 'asks first');
    const { result, saved } = await run(tempStore());
    expect(result.stderr).toBe('');
    expect(saved.transcript.conversationEnd).toBe('turn-limit');
    // conv-1's maxTurns is 5: five replies, the user's sixth message unanswered.
    expect(turns(saved).filter((turn) => turn.startsWith('agent: '))).toHaveLength(5);
    expect(saved.checks).toEqual([]);
    expect(saved.verdicts).toEqual([]);
    // Not graded, and said so: an error of the run (exit 1, nothing passed), no agent error, no failed item.
    expect({ status: saved.status, reasons: saved.reasons, code: result.code }).toEqual({
      status: 'error',
      reasons: ['conversation not graded: turn limit, 5 agent replies without ###STOP### from the user'],
      code: 1,
    });
    expect(result.stdout).toContain(
      '  ended    stopped at the turn limit without ###STOP###: reported as such, not as an agent failure\n',
    );
    const summary = summaryOf(result.stdout).split('\n');
    expect(summary[1]).toBe('  cases           0/1 passed, 1 with errors (0.0%, 95% CI 0.0–79.3%)');
    expect(summary.some((line) => line.startsWith('  agent errors'))).toBe(false);
    expect(summary).toContain(
      "  User        conv-1: the conversation was not graded (turn limit, 5 agent replies without ###STOP### from the user); raise the case's user.maxTurns or fix the user simulator",
    );
  });

  it("replays the whole conversation from the call cache on a second run, --offline too: the user's turns included", async () => {
    standIn.script(tomas());
    scriptJudge(onOllama(standIn));
    scriptAgent(onOllama(standIn), 'asks first');
    const store = tempStore();
    const callsRow = (result: CliResult) =>
      summaryOf(result.stdout)
        .split('\n')
        .find((l) => l.startsWith('  model calls'));
    const first = await run(store);
    expect(first.result.code).toBe(0);
    // 4 agent calls (the question; the lookup, the refund and the reply), 2 user turns, 1 judge call.
    expect(callsRow(first.result)).toBe('  model calls     7 made, 0 from the cache');
    const served = standIn.chatCalls().length;
    expect(served).toBe(7);

    const again = await run(store);
    expect(callsRow(again.result)).toBe('  model calls     0 made, 7 from the cache');
    const offline = await run(store, '--offline');
    expect(offline.result.stderr).toBe('');
    expect(offline.result.code).toBe(0);
    expect(callsRow(offline.result)).toBe('  model calls     0 made, 7 from the cache, 0 answers from sample fixtures');
    expect(standIn.chatCalls()).toHaveLength(served);
    for (const replay of [again, offline]) {
      expect(replay.saved.transcript.conversation).toEqual(first.saved.transcript.conversation);
      expect(replay.saved.status).toBe('passed');
    }

    // --no-cache samples every turn afresh, the user's included.
    const fresh = await run(store, '--no-cache');
    expect(callsRow(fresh.result)).toBe('  model calls     7 made, 0 from the cache');
    expect(standIn.chatCalls()).toHaveLength(served + 7);
  });
});
