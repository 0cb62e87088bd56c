import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import {
  bedrockSimulatedUser,
  ollamaSimulatedUser,
  openAISimulatedUser,
  startBedrockStandIn,
  startOllamaStandIn,
  startOpenAIStandIn,
} from '@evalpacks/testkit';
import { describe, expect, it } from 'vitest';
import { KEY as AWS_KEY, HAIKU, runGuarded } from './bedrock-env.ts';
import { scriptPreflight } from './code-review-bedrock-script.ts';
import { runCli, tempStore } from './run-cli.ts';
import { CONV_1_RULES, conv1File, onOllama, onOpenAI, scriptAgent, scriptJudge } from './support-conv-1.ts';

/** The summary's rows of a label (a repeated run's summary opens with "Summary · 4 epochs per case"). */
const rows = (stdout: string, label: string) => stdout.split('\n').filter((line) => line.startsWith(`  ${label} `));

describe('--repeat 4 on the shipped support-tickets conversations (pass^k is the pack headline)', () => {
  it('prints pass^4 beside pass@1 per case and overall, and compare rests its verdict on pass^4, saying so', async () => {
    const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    try {
      const on = onOllama(standIn);
      standIn.script(ollamaSimulatedUser(CONV_1_RULES));
      scriptJudge(on);
      // The first of the four epochs refunds before asking (the rubric fails); the other three ask first.
      scriptAgent(on, 'refunds first once');
      const flags = ['--domain', 'support-tickets', '--test-case', conv1File(), '--repeat', '4', '--concurrency', '1'];
      const ollama = ['--ollama-host', standIn.url, '--model', 'qwen3.5:4b', '--judge-model', 'judge:1b'];
      const result = await runCli(['eval', ...flags, ...ollama, '--store', tempStore()]);
      expect(result.stderr).toBe('');
      // Under the default majority policy the case passes (3 of 4); pass^4 says a customer would not have.
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        '\nPer case over 4 epochs\n  conv-1  PASS  structural 14/14 · pass@1 3/4 · pass^4 0.0%\n',
      );
      expect([...rows(result.stdout, 'pass@1'), ...rows(result.stdout, 'pass^4')]).toEqual([
        '  pass@1          75.0% (95% CI 75.0–75.0%) mean of 1 case',
        '  pass^4          0.0% (95% CI 0.0–0.0%) mean of 1 case · all 4 tries pass · headline',
      ]);
      // 3 calls of the agent that refunds first, its user's ###STOP### and 1 judge call; 7 for each other epoch.
      expect(rows(result.stdout, 'model calls')).toEqual(['  model calls     26 made, 0 from the cache']);

      standIn.reset();
      standIn.script(ollamaSimulatedUser(CONV_1_RULES));
      scriptJudge(on);
      scriptAgent(on, 'refunds first once');
      const compared = await runCli(['compare', ...flags, ...ollama, '--variant', 'v2', '--store', tempStore()]);
      expect(compared.stderr).toBe('');
      // The baseline's first epoch refunded first: pass^4 0% against the variant's 100%, the verdict on it.
      const lines = compared.stdout.split('\n');
      expect(lines.filter((line) => /^ {2}(pass\^4|verdict)/.test(line))).toEqual([
        '  pass^4            0.0%                                    100.0% over 1 paired cases',
        '  pass^4 change     +100.0 points (no interval from a single case; paired per case) · permutation p = 1.0000',
        "  verdict           no detectable difference on pass^4, the pack's headline",
      ]);
    } finally {
      await standIn.close();
    }
  });
});

describe('the simulated user as a third role', () => {
  it('is priced from the same table: the cost row, summary.md, results.json and the stored run', async () => {
    const ollama = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    const bedrock = await startBedrockStandIn({ credentials: [AWS_KEY] });
    try {
      scriptPreflight(bedrock);
      // Each user turn: 100,000 tokens in, 20,000 out, at Haiku 4.5's $1.10 / $5.50 per million: $0.22.
      bedrock.script(bedrockSimulatedUser(CONV_1_RULES, { inputTokens: 100_000, outputTokens: 20_000 }));
      scriptJudge(onOllama(ollama));
      scriptAgent(onOllama(ollama), 'asks first');
      const store = tempStore();
      const out = mkdtempSync(join(tmpdir(), 'evalpacks-user-cost-'));
      const result = await runGuarded(
        [
          'eval',
          '--domain',
          'support-tickets',
          '--test-case',
          conv1File(),
          '--ollama-host',
          ollama.url,
          '--model',
          'qwen3.5:4b',
          '--judge-model',
          'judge:1b',
          '--user-backend',
          'bedrock',
          '--user-model',
          HAIKU,
          '--bedrock-endpoint',
          bedrock.url,
          '--store',
          store,
          '--reporter',
          'console,json,markdown',
          '--out',
          out,
        ],
        AWS_KEY,
      );
      expect(result.network).toEqual([]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const tokens = 'agent 4733 in / 62 out, judge 938 in / 16 out, user 200000 in / 40000 out';
      expect(rows(result.stdout, 'tokens')).toEqual([`  tokens          ${tokens}`]);
      // 2 user turns: 200,000 x $1.10 + 40,000 x $5.50 per million = $0.44; the Ollama models cost $0.
      expect(rows(result.stdout, 'cost')).toEqual([
        '  cost            $0.4400 estimated (agent $0, judge $0, user $0.4400)',
      ]);
      const markdown = readFileSync(join(out, 'summary.md'), 'utf8');
      expect(markdown.split('\n').filter((line) => line.includes('tokens:'))).toEqual([
        `Structural 14/14 checks passed · findings 0/0 caught (0 not judged) · 0 false positives · 0 judge errors · tokens: ${tokens}`,
      ]);
      const json = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as Record<string, unknown>;
      expect([json.user, (json.summary as { userTokens?: unknown }).userTokens]).toEqual([
        { backend: 'bedrock', model: HAIKU },
        { input: 200_000, output: 40_000 },
      ]);
      const saved = EvalStore.open(store);
      try {
        // The run's recorded cost, as the viewer lists it: the user's $0.44 with the agent's and judge's $0.
        expect(saved.runPage({ limit: 1, offset: 0 }).runs[0]?.costUsd).toBeCloseTo(0.44, 10);
      } finally {
        saved.close();
      }
    } finally {
      await ollama.close();
      await bedrock.close();
    }
  });

  it('waits for a slot of --concurrency like the agent and the judge: at 1 never two calls in flight, at 2 never three', async () => {
    const server = await startOpenAIStandIn({ models: ['agent-1b', 'judge-1b'], latencyMs: 20 });
    try {
      const on = onOpenAI(server);
      server.script(openAISimulatedUser(CONV_1_RULES));
      scriptJudge(on);
      scriptAgent(on, 'asks first');
      const run = (concurrency: string) =>
        runCli(
          [
            'eval',
            '--domain',
            'support-tickets',
            '--test-case',
            conv1File(),
            '--repeat',
            '3',
            '--backend',
            'openai',
            '--base-url',
            server.baseURL,
            '--model',
            'agent-1b',
            '--judge-model',
            'judge-1b',
            '--concurrency',
            concurrency,
            '--no-cache',
          ],
          { OPENAI_API_KEY: 'sk-test' },
        );
      const one = await run('1');
      expect(one.stderr).toBe('');
      expect(rows(one.stdout, 'model calls')).toEqual(['  model calls     21 made, 0 from the cache']);
      expect(server.peakInFlight).toBe(1);
      // At 2, the three conversations' calls fill both slots, never a third.
      const two = await run('2');
      expect(rows(two.stdout, 'model calls')).toEqual(['  model calls     21 made, 0 from the cache']);
      expect(server.peakInFlight).toBe(2);
    } finally {
      await server.close();
    }
  });
});
