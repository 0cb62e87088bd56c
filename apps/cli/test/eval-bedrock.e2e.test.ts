import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BedrockStandIn, type OllamaStandIn, startBedrockStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Credentials, type GuardedResult, HAIKU, KEY, runGuarded, SONNET } from './bedrock-env.ts';
import {
  scriptBedrockAgent,
  scriptBedrockJudge,
  scriptPreflight,
  scriptThrottling,
} from './code-review-bedrock-script.ts';
import { missedFinding, SCRIPTED_RESULTS, SCRIPTED_SUGGESTIONS, scriptAgent } from './code-review-script.ts';
import { summaryOf } from './run-cli.ts';

const missed = missedFinding;
const RESULTS = SCRIPTED_RESULTS;
const AFTER = SCRIPTED_SUGGESTIONS;
/** Every one of the 15 calls made; retries of a call count once. */
const CALLS = '  model calls     15 made, 0 from the cache';

/** Every output of every run in this file, to grep for the secret at the end. */
const outputs: string[] = [];
async function run(args: string[], credentials: Credentials | null = KEY): Promise<GuardedResult> {
  const result = await runGuarded(args, credentials);
  outputs.push(result.stdout, result.stderr);
  return result;
}

let bedrock: BedrockStandIn;
let ollama: OllamaStandIn;
beforeAll(async () => {
  bedrock = await startBedrockStandIn({
    credentials: [KEY],
    notEnabled: ['us.anthropic.claude-opus-4-1-20250805-v1:0'],
  });
  ollama = await startOllamaStandIn();
});
beforeEach(() => {
  bedrock.reset();
  ollama.reset();
  scriptPreflight(bedrock);
});
// What reached the endpoint goes into the grep too.
afterEach(() => {
  outputs.push(JSON.stringify(bedrock.calls));
});
afterAll(async () => {
  await bedrock.close();
  await ollama.close();
});

describe('pnpm eval --domain code-review on the Bedrock stand-in', { timeout: 60_000 }, () => {
  const bedrockRun = (...extra: string[]) =>
    run(['eval', '--domain', 'code-review', '--backend', 'bedrock', '--bedrock-endpoint', bedrock.url, ...extra]);

  it('runs agent and judge on Bedrock with the default models and prints tokens and cost', async () => {
    scriptBedrockAgent(bedrock);
    scriptBedrockJudge(bedrock, missed);
    const result = await bedrockRun();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.network).toEqual([]);
    expect(result.stdout).toContain(
      `agent  bedrock ${SONNET} · us-east-1 @ ${bedrock.url}\njudge  bedrock ${HAIKU}\nrun    1 · `,
    );
    expect(summaryOf(result.stdout)).toBe(
      [...RESULTS, '  cost            $0.0323 estimated (agent $0.0297, judge $0.0026)', CALLS, ...AFTER].join('\n'),
    );
    // Preflight: one 1-token call per model; then 3 agent calls and 12 forced-tool judge calls.
    const calls = bedrock.converseCalls();
    expect(calls.every((call) => call.auth === 'valid' && call.accessKeyId === KEY.accessKeyId)).toBe(true);
    expect(calls.filter((call) => call.body.inferenceConfig?.maxTokens === 1).map((call) => call.modelId)).toEqual([
      SONNET,
      HAIKU,
    ]);
    expect(bedrock.converseCalls({ modelId: SONNET, hasTools: false })).toHaveLength(4);
    const judged = bedrock.converseCalls({ forcedTool: 'record_verdict' });
    expect(judged).toHaveLength(12);
    expect(judged.every((call) => call.modelId === HAIKU && call.body.inferenceConfig?.temperature === 0)).toBe(true);
  });

  it('runs an Ollama agent judged by Bedrock in one run, and prices each role at its own model', async () => {
    scriptAgent(ollama);
    scriptBedrockJudge(bedrock, missed);
    const result = await run([
      'eval',
      '--domain',
      'code-review',
      '--ollama-host',
      ollama.url,
      '--judge-backend',
      'bedrock',
      '--bedrock-endpoint',
      bedrock.url,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.network).toEqual([]);
    expect(result.stdout).toContain(
      `agent  ollama qwen3.5:4b @ ${ollama.url} · num_ctx auto\njudge  bedrock ${HAIKU} · us-east-1 @ ${bedrock.url}\nrun    1 · `,
    );
    expect(summaryOf(result.stdout)).toBe(
      [...RESULTS, '  cost            $0.0026 estimated (agent $0, judge $0.0026)', CALLS, ...AFTER].join('\n'),
    );
    expect(ollama.chatCalls({ hasFormat: false })).toHaveLength(3);
    expect(ollama.chatCalls({ hasFormat: true })).toHaveLength(0);
    expect(bedrock.converseCalls({ forcedTool: 'record_verdict' })).toHaveLength(12);
    expect(bedrock.converseCalls({ modelId: SONNET })).toHaveLength(0);
  });

  it('rides out throttling of the first two calls of each kind with the same results, and reports the retries', async () => {
    scriptThrottling(bedrock, 2);
    scriptBedrockAgent(bedrock);
    scriptBedrockJudge(bedrock, missed);
    const result = await bedrockRun();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    // The pool halves on the first throttle; whether the judge's throttles fall in the same window depends
    // on which answers arrive first, so the lowest is 1 or 2. It is back at --concurrency by the end.
    const [pace, rest] = summaryOf(result.stdout)
      .split('\n')
      .reduce<[string[], string[]]>(
        ([found, others], line) =>
          line.startsWith('  concurrency ') ? [[...found, line], others] : [found, [...others, line]],
        [[], []],
      );
    expect(pace).toHaveLength(1);
    expect(pace[0]).toMatch(/^ {2}concurrency {5}4 at the end of 4 \(lowest [12]; 4 throttled responses retried\)$/);
    expect(rest.join('\n')).toBe(
      [
        ...RESULTS,
        '  cost            $0.0323 estimated (agent $0.0297, judge $0.0026)',
        '  retries         agent 2, judge 2',
        CALLS,
        ...AFTER,
      ].join('\n'),
    );
    expect(bedrock.converseCalls({ forcedTool: 'record_verdict' })).toHaveLength(14);
    expect(
      bedrock.converseCalls({ hasTools: false }).filter((c) => c.body.inferenceConfig?.maxTokens !== 1),
    ).toHaveLength(5);
  });

  it('stops starting cases once --max-cost is passed, says so, and exits 1', async () => {
    scriptBedrockAgent(bedrock);
    scriptBedrockJudge(bedrock, missed);
    const result = await bedrockRun('--concurrency', '1', '--max-cost', '0.005');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('budget --max-cost $0.0050 passed ($0.0099 spent): no more cases will start\n');
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           1/1 passed (100.0%, 95% CI 20.7–100.0%), 2 not started',
        '  structural      6/6 checks passed (95% CI 61.0–100.0%)',
        '  findings        5/5 caught (95% CI 56.6–100.0%)',
        '  false positives 0',
        '  judge errors    0',
        '  tokens          agent 1000 in / 400 out, judge 500 in / 100 out',
        '  cost            $0.0110 estimated (agent $0.0099, judge $0.0011)',
        '  model calls     6 made, 0 from the cache',
      ].join('\n'),
    );
    expect(
      bedrock.converseCalls({ modelId: SONNET }).filter((c) => c.body.inferenceConfig?.maxTokens !== 1),
    ).toHaveLength(1);
  });

  it('resumes a run --max-cost stopped with its Bedrock flags and the spend so far', async () => {
    scriptBedrockAgent(bedrock);
    scriptBedrockJudge(bedrock, missed);
    const store = join(mkdtempSync(join(tmpdir(), 'evalpacks-resume-')), 'evalpacks.db');
    const stopped = await bedrockRun('--concurrency', '1', '--max-cost', '0.005', '--store', store);
    expect(stopped.code).toBe(1);
    // The stored limit again: the budget starts at what run 1 spent, so nothing more starts.
    const same = await run(['eval', '--resume', '--store', store]);
    expect(same.stderr).toBe('');
    expect(same.code).toBe(1);
    expect(same.stdout).toContain('budget --max-cost $0.0050 passed ($0.0110 spent): no more cases will start\n');
    expect(same.stdout).toContain(`agent  bedrock ${SONNET} · us-east-1 @ ${bedrock.url}\n`);
    const resumed = await run(['eval', '--resume', '--max-cost', '1', '--store', store]);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(1);
    expect(resumed.stdout).toContain('run    1 · resumed with 1 of 3 results saved');
    // The whole run's results and cost; the calls are this attempt's: 2 agent and 7 judge calls.
    const cost = '  cost            $0.0323 estimated (agent $0.0297, judge $0.0026)';
    expect(summaryOf(resumed.stdout)).toBe(
      [...RESULTS, cost, '  model calls     9 made, 0 from the cache', ...AFTER].join('\n'),
    );
    expect(
      bedrock.converseCalls({ modelId: SONNET }).filter((c) => c.body.inferenceConfig?.maxTokens !== 1),
    ).toHaveLength(3);
  });

  it('refuses --max-cost for a model without a price before any call', async () => {
    const result = await bedrockRun('--model', 'us.example.unpriced-v1:0', '--max-cost', '1');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^evalpacks: --max-cost needs a price for bedrock model 'us\.example\.unpriced-v1:0'; add it to \S+prices\.json or drop --max-cost\n$/,
    );
    expect(bedrock.calls).toHaveLength(0);
  });
});

describe('Bedrock failures that stop a run before any case', { timeout: 60_000 }, () => {
  const args = (...extra: string[]) => ['eval', '--domain', 'code-review', '--backend', 'bedrock', ...extra];

  it('with no credentials and metadata lookups disabled: exit 2, one line with the fix, no connection at all', async () => {
    const result = await run(args(), null);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'evalpacks: No AWS credentials found through the default credential chain (Could not load credentials from any providers). ' +
        'Fix: Export AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or pass --profile NAME (or set AWS_PROFILE) for a configured profile ' +
        '(for SSO run `aws sso login --profile NAME`), or export a Bedrock API key in AWS_BEARER_TOKEN_BEDROCK.\n',
    );
    // Not even the public Bedrock endpoint: the preflight stops at the credentials, before any request.
    expect(result.network).toEqual([]);
  });

  it('the network guard does catch a connection that leaves loopback (so an empty log means something)', async () => {
    const result = await run(args('--bedrock-endpoint', 'http://10.255.255.1:8443'));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'evalpacks: Cannot reach Bedrock at http://10.255.255.1:8443 (ECONNREFUSED). ' +
        'Fix: Check --bedrock-endpoint and --region, and that this machine can reach the Bedrock Runtime endpoint.\n',
    );
    expect(result.network).toEqual(['connect 10.255.255.1:8443']);
  });

  it('names an unknown model id with the fix', async () => {
    const result = await run(args('--bedrock-endpoint', bedrock.url, '--judge-model', 'us.anthropic.nope-v1:0'));
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain("Bedrock in us-east-1 does not know the model id 'us.anthropic.nope-v1:0'");
    expect(result.stderr).toContain('aws bedrock list-inference-profiles --region us-east-1');
  });

  it('says when the account has not enabled the model', async () => {
    const result = await run(
      args('--bedrock-endpoint', bedrock.url, '--model', 'us.anthropic.claude-opus-4-1-20250805-v1:0'),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Fix: Enable it in the Bedrock console under Model access (region us-east-1)');
  });

  it('reports refused credentials without ever printing the secret', async () => {
    const result = await run(args('--bedrock-endpoint', bedrock.url), {
      accessKeyId: KEY.accessKeyId,
      secretAccessKey: `${KEY.secretAccessKey}-wrong`,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^evalpacks: AWS refused the credentials .*InvalidSignatureException.*\. Fix: Refresh them/,
    );
  });

  it('keeps the secret out of the store and every report file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalpacks-secret-'));
    const store = join(dir, 'runs.db');
    scriptBedrockAgent(bedrock);
    scriptBedrockJudge(bedrock, missed);
    const backend = ['--backend', 'bedrock', '--bedrock-endpoint', bedrock.url];
    const memory = ['--store', store, '--reporter', 'console,json,junit,markdown', '--out', join(dir, 'reports')];
    const result = await run(['eval', '--domain', 'code-review', ...backend, ...memory]);
    expect(result.code).toBe(1);
    // Every file the run left (the database with any journal beside it, the three reports), read as bytes.
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThanOrEqual(4);
    const all = Buffer.concat(files.map((file) => readFileSync(file)));
    expect(all.includes('subtle-issues')).toBe(true); // the grep sees the stored and reported data
    expect(all.includes(KEY.secretAccessKey)).toBe(false);
    expect(all.includes(KEY.accessKeyId)).toBe(false);
  });

  it('never printed the dummy secret in any run of this file, nor sent it to the endpoint in a body', () => {
    expect(outputs.length).toBeGreaterThanOrEqual(30);
    for (const text of outputs) expect(text).not.toContain(KEY.secretAccessKey);
  });
});
