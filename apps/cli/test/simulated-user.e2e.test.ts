import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import {
  type OllamaStandIn,
  ollamaSimulatedUser,
  openAISimulatedUser,
  startOllamaStandIn,
  startOpenAIStandIn,
} from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { judgedCompareArgs, judgedEvalArgs } from './ollama-stand-in.ts';
import { runCli, spawnCli, tempStore } from './run-cli.ts';

/** A conversation case with a simulated user, as a pack author writes one (in a --test-case file). */
const CONVERSATION_CASE = `
id: lost-parcel
name: Lost parcel
input: I want a refund, my parcel never came.
user:
  simulated:
    persona: A regular customer, polite, in a hurry.
    goal: Get a refund for the lost parcel ORD-1001.
    facts: ["Order number: ORD-1001"]
  maxTurns: 3
`;

function caseFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'evalpacks-user-')), 'conversation.yaml');
  writeFileSync(file, text);
  return file;
}

/** The stored run 1's pack and simulated user (its config's `user`). */
function storedUser(store: string): { pack?: string; user?: unknown } {
  const saved = EvalStore.open(store);
  try {
    const run = saved.run(1);
    return { pack: run?.pack, user: (run?.config as { user?: unknown } | undefined)?.user };
  } finally {
    saved.close();
  }
}

const roleLines = (stdout: string) => stdout.split('\n').filter((line) => /^(agent|judge|user) {2}/.test(line));

describe('eval with a simulated user (--user-model, --user-backend)', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b', 'user:1b'] });
  });
  beforeEach(() => {
    standIn.reset();
    // The user's turns first: judge calls carry a format too.
    standIn.script(
      ollamaSimulatedUser([
        { match: { agentSays: 'order number' }, reply: { say: 'It is ORD-1001.' } },
        { reply: { say: '###STOP###' } },
      ]),
    );
    standIn.script({ match: { hasFormat: false }, reply: { content: 'Sorry! What is your order number?' } });
    standIn.script({ match: { hasFormat: true }, reply: { content: '{"reasoning":"ok","pass":true}' } });
  });
  afterAll(() => standIn.close());

  const args = (store: string, ...extra: string[]) =>
    judgedEvalArgs('code-review', standIn.url, '--test-case', caseFile(CONVERSATION_CASE), '--store', store, ...extra);

  it("names the simulated user in the header (default: the judge's model) and stores it, only for a run that has one", async () => {
    const store = tempStore();
    const result = await runCli(args(store));
    expect(roleLines(result.stdout).slice(1)).toEqual(['judge  ollama judge:1b', 'user   ollama judge:1b']);
    expect(storedUser(store)).toEqual({
      pack: 'code-review',
      user: { backend: 'ollama', model: 'judge:1b', prompt: 'risen-user-v1' },
    });

    const own = await runCli(args(tempStore(), '--user-model', 'user:1b'));
    expect(roleLines(own.stdout).at(-1)).toBe('user   ollama user:1b');

    // A run without a simulated-user case connects none: no user line, no user stored.
    const plainStore = tempStore();
    const plain = await runCli(judgedEvalArgs('code-review', standIn.url, '--store', plainStore, '--structural-only'));
    expect(roleLines(plain.stdout).map((line) => line.slice(0, 5))).toEqual(['agent', 'judge']);
    expect(storedUser(plainStore)).toEqual({ pack: 'code-review', user: undefined });
  });

  it('runs the user on another backend with --user-backend, where that backend is named on its line', async () => {
    const server = await startOpenAIStandIn({ models: ['user-1b'] });
    try {
      server.script(openAISimulatedUser([{ reply: { say: '###STOP###' } }]));
      const store = tempStore();
      const flags = ['--user-backend', 'openai', '--user-model', 'user-1b', '--base-url', server.baseURL];
      const result = await runCli(args(store, ...flags), { OPENAI_API_KEY: 'sk-test' });
      expect(roleLines(result.stdout).slice(1)).toEqual([
        'judge  ollama judge:1b',
        `user   openai user-1b @ ${server.baseURL}`,
      ]);
      expect(storedUser(store).user).toEqual({ backend: 'openai', model: 'user-1b', prompt: 'risen-user-v1' });
    } finally {
      await server.close();
    }
  });

  it('refuses to --resume the run with another --user-model, in one line', async () => {
    const store = tempStore();
    const cli = spawnCli(args(store));
    standIn.reset();
    standIn.script({
      match: { hasFormat: false },
      reply: () => {
        cli.child.kill('SIGKILL');
        return { content: 'never delivered' };
      },
    });
    expect((await cli.done).signal).toBe('SIGKILL');
    const changed = await runCli(['eval', '--resume', '1', '--user-model', 'user:1b', '--store', store]);
    expect(changed.stderr).toBe(
      'evalpacks: cannot resume run 1, its configuration differs: ' +
        'simulated user model: ollama judge:1b in the run, ollama user:1b now\n',
    );
    expect(changed.code).toBe(2);
  });

  it('compares two prompts on a pack with a simulated user: both sides talk to the same user model', async () => {
    const result = await runCli(
      judgedCompareArgs(
        'code-review',
        standIn.url,
        '--variant',
        'v2',
        '--test-case',
        caseFile(CONVERSATION_CASE),
        '--store',
        tempStore(),
        '--user-model',
        'user:1b',
      ),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // The scripted agent asks for the order number on each of its 3 turns (maxTurns): the user answers all
    // three, the last one unanswered (turn limit), on each side: 3 + 3 calls of the user model.
    const userCalls = standIn.chatCalls().filter((call) => (call.body as { model?: string }).model === 'user:1b');
    expect(userCalls).toHaveLength(6);
  });
});
