import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EvalStore } from '@evalpacks/store';
import {
  type BedrockStandIn,
  type OllamaStandIn,
  type OpenAIStandIn,
  startBedrockStandIn,
  startOllamaStandIn,
  startOpenAIStandIn,
} from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY as AWS_KEY, runGuarded } from './bedrock-env.ts';
import { scriptPreflight } from './code-review-bedrock-script.ts';
import { type CliResult, runCli, summaryOf, tempStore } from './run-cli.ts';

/** One scripted three-turn support case; its desk's refunds are its end state. */
const PACK = fileURLToPath(new URL('data/desk-conversation-pack', import.meta.url));
const OPENAI_KEY = 'sk-e2e-conversation-secret';
/** The judge names the agent turn its verdict rests on (turn 2: where the agent asked for the order number). */
const VERDICT = { reasoning: 'It asked for the order number first.', caught: true, turn: 2 };

/** The newest message as JSON text, whatever the wire shape: what the agent rules below read. */
const last = (messages: unknown[] | undefined) => JSON.stringify(messages?.at(-1) ?? null);
/** The support agent's turns, as every stand-in below plays them. */
const turn = {
  afterTool: (messages?: unknown[]) => last(messages).includes('refunds'),
  order: (messages?: unknown[]) => last(messages).includes('It is ORD-1001.'),
  thanks: (messages?: unknown[]) => last(messages).includes('that is all'),
};

const CONVERSATION = [
  { role: 'user', text: 'I want a refund.' },
  { role: 'agent', text: 'What is your order number?' },
  { role: 'user', text: 'It is ORD-1001.' },
  {
    role: 'agent',
    text: 'Refunded ORD-1001.',
    toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001' }, result: { refunds: ['ORD-1001'] } }],
  },
  { role: 'user', text: 'Thanks, that is all.' },
  { role: 'agent', text: 'Glad to help.' },
];

interface Backend {
  name: string;
  start(): Promise<void>;
  run(args: string[]): Promise<CliResult>;
  close(): Promise<void>;
}

let ollama: OllamaStandIn;
let bedrock: BedrockStandIn;
let openai: OpenAIStandIn;

const backends: Backend[] = [
  {
    name: 'ollama',
    async start() {
      ollama = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
      ollama.script({ match: { hasFormat: true }, reply: { content: JSON.stringify(VERDICT) } });
      ollama.script({ match: (r) => turn.afterTool(r.messages), reply: { content: 'Refunded ORD-1001.' } });
      ollama.script({
        match: (r) => turn.order(r.messages),
        reply: { toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001' } }] },
      });
      ollama.script({ match: (r) => turn.thanks(r.messages), reply: { content: 'Glad to help.' } });
      ollama.script({ reply: { content: 'What is your order number?' } });
    },
    run: (args) => runCli([...args, '--ollama-host', ollama.url, '--model', 'qwen3.5:4b', '--judge-model', 'judge:1b']),
    close: () => ollama.close(),
  },
  {
    name: 'bedrock',
    async start() {
      bedrock = await startBedrockStandIn({ credentials: [AWS_KEY] });
      scriptPreflight(bedrock);
      bedrock.script({
        match: { forcedTool: 'record_verdict' },
        reply: { toolUses: [{ name: 'record_verdict', input: VERDICT }] },
      });
      bedrock.script({ match: (r) => turn.afterTool(r.messages), reply: { text: 'Refunded ORD-1001.' } });
      bedrock.script({
        match: (r) => turn.order(r.messages),
        reply: { toolUses: [{ name: 'issue_refund', input: { orderId: 'ORD-1001' } }] },
      });
      bedrock.script({ match: (r) => turn.thanks(r.messages), reply: { text: 'Glad to help.' } });
      bedrock.script({ reply: { text: 'What is your order number?' } });
    },
    run: async (args) => {
      const result = await runGuarded([...args, '--backend', 'bedrock', '--bedrock-endpoint', bedrock.url], AWS_KEY);
      expect(result.network).toEqual([]);
      return result;
    },
    close: () => bedrock.close(),
  },
  {
    name: 'openai',
    async start() {
      openai = await startOpenAIStandIn({ models: ['qwen3.5:4b', 'judge:1b'], apiKey: OPENAI_KEY });
      openai.script({ match: { hasJsonSchema: true }, reply: { content: JSON.stringify(VERDICT) } });
      openai.script({ match: (r) => turn.afterTool(r.messages), reply: { content: 'Refunded ORD-1001.' } });
      openai.script({
        match: (r) => turn.order(r.messages),
        reply: { toolCalls: [{ name: 'issue_refund', arguments: { orderId: 'ORD-1001' } }] },
      });
      openai.script({ match: (r) => turn.thanks(r.messages), reply: { content: 'Glad to help.' } });
      openai.script({ reply: { content: 'What is your order number?' } });
    },
    run: (args) =>
      runCli(
        [
          ...args,
          '--backend',
          'openai',
          '--base-url',
          openai.baseURL,
          '--model',
          'qwen3.5:4b',
          '--judge-model',
          'judge:1b',
        ],
        { OPENAI_API_KEY: OPENAI_KEY },
      ),
    close: () => openai.close(),
  },
];

beforeAll(async () => {
  for (const backend of backends) await backend.start();
});
afterAll(async () => {
  for (const backend of backends) await backend.close();
});

interface SavedResult {
  status: string;
  checks: { id: string; passed: boolean }[];
  verdicts: { itemId: string; status: string; passed?: boolean; turn?: number }[];
  transcript: { conversation?: unknown; conversationEnd?: string; answer: string; endState?: unknown };
}

describe.each(backends)('a scripted three-turn conversation through the CLI on the $name stand-in', (backend) => {
  it('passes with the same verdicts, stores every turn in order, and runs again offline with no model call', async () => {
    const store = tempStore();
    const out = mkdtempSync(join(tmpdir(), 'evalpacks-conversation-'));
    const args = ['eval', '--pack', PACK, '--store', store, '--reporter', 'console,json', '--out', out];
    const first = await backend.run(args);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(summaryOf(first.stdout)).toContain('  model calls     5 made, 0 from the cache');

    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { cases: SavedResult[] };
    const [result] = results.cases;
    expect(result?.status).toBe('passed');
    expect(result?.checks.map((check) => [check.id, check.passed])).toEqual([
      ['end-state', true],
      ['answers-within-turn-limit', true],
    ]);
    expect(result?.verdicts.map((verdict) => [verdict.itemId, verdict.status, verdict.passed, verdict.turn])).toEqual([
      ['asked-order', 'ok', true, 2],
    ]);
    // The console prints the verdict under the turn it rests on.
    expect(first.stdout).toContain(
      '  agent 2  What is your order number?\n           ▸ CAUGHT asked-order (high)\n' +
        '               It asked for the order number first.\n  user 3   It is ORD-1001.\n',
    );
    expect(result?.transcript).toMatchObject({
      conversation: CONVERSATION,
      conversationEnd: 'script-end',
      answer: 'Glad to help.',
      endState: { refunds: ['ORD-1001'] },
    });
    const saved = EvalStore.open(store);
    const [stored] = saved.caseResults(1);
    saved.close();
    expect(stored?.transcript.conversation).toEqual(CONVERSATION);
    expect(stored?.verdicts.map((verdict) => (verdict.status === 'ok' ? verdict.turn : undefined))).toEqual([2]);

    // Offline, from the call cache alone: every turn, keyed by the conversation so far, and the judge.
    const again = await backend.run([...args, '--offline']);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(summaryOf(again.stdout)).toContain('  model calls     0 made, 5 from the cache');
  });
});
