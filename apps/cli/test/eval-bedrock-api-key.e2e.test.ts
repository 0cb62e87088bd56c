import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BedrockStandIn, startBedrockStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GuardedResult, HAIKU, runGuarded, SONNET } from './bedrock-env.ts';
import { scriptBedrockAgent, scriptBedrockJudge, scriptPreflight } from './code-review-bedrock-script.ts';
import { missedFinding, SCRIPTED_RESULTS, SCRIPTED_SUGGESTIONS } from './code-review-script.ts';
import { summaryOf } from './run-cli.ts';

/** A dummy long-term Bedrock API key: the e2e tests grep every output and file for it. */
const API_KEY = 'ABSKZXZhbHBhY2tzLWUyZS1EVU1NWS1hcGkta2V5LTdjMmU=';

/** Every output of every run in this file, to grep for the key at the end. */
const outputs: string[] = [];
/** No AWS keys and no profile at all: the API key is the only credential there is. */
async function run(args: string[], key: string): Promise<GuardedResult> {
  const result = await runGuarded(args, null, { AWS_BEARER_TOKEN_BEDROCK: key });
  outputs.push(result.stdout, result.stderr);
  return result;
}

let bedrock: BedrockStandIn;
beforeAll(async () => {
  bedrock = await startBedrockStandIn({ apiKeys: [API_KEY] });
});
beforeEach(() => {
  bedrock.reset();
  scriptPreflight(bedrock);
});
afterAll(async () => {
  await bedrock.close();
});

describe('Bedrock API keys (AWS_BEARER_TOKEN_BEDROCK alone)', { timeout: 60_000 }, () => {
  const args = (...extra: string[]) => [
    'eval',
    '--domain',
    'code-review',
    '--backend',
    'bedrock',
    '--bedrock-endpoint',
    bedrock.url,
    ...extra,
  ];

  it('runs agent, judge and preflight with Authorization: Bearer and no SigV4; the key stays out of store and reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evalpacks-api-key-'));
    scriptBedrockAgent(bedrock);
    scriptBedrockJudge(bedrock, missedFinding);
    const memory = [
      '--store',
      join(dir, 'runs.db'),
      '--reporter',
      'console,json,junit,markdown',
      '--out',
      join(dir, 'out'),
    ];
    const result = await run(args(...memory), API_KEY);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.network).toEqual([]);
    expect(result.stdout).toContain(
      `agent  bedrock ${SONNET} · us-east-1 · API key from AWS_BEARER_TOKEN_BEDROCK @ ${bedrock.url}\njudge  bedrock ${HAIKU}\n`,
    );
    expect(summaryOf(result.stdout)).toBe(
      [
        ...SCRIPTED_RESULTS,
        '  cost            $0.0323 estimated (agent $0.0297, judge $0.0026)',
        '  model calls     15 made, 0 from the cache',
        ...SCRIPTED_SUGGESTIONS,
        ...['results.json', 'junit.xml', 'summary.md'].map((file) => `report ${join(dir, 'out', file)}`),
      ].join('\n'),
    );
    // 2 preflight calls, 3 agent calls, 12 judge calls: every one a bearer call with the issued key.
    expect(bedrock.calls).toHaveLength(17);
    expect(bedrock.calls.every((call) => call.scheme === 'bearer' && call.auth === 'valid')).toBe(true);
    expect(bedrock.calls.some((call) => call.accessKeyId !== undefined)).toBe(false);

    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThanOrEqual(4);
    const all = Buffer.concat(files.map((file) => readFileSync(file)));
    expect(all.includes('subtle-issues')).toBe(true); // the grep does see the stored and reported data
    expect(all.includes(API_KEY)).toBe(false);
  });

  it('a refused key: exit 2 before any case, one line with its own fix, the key never printed', async () => {
    const result = await run(args(), 'ABSKbm90LWlzc3VlZC1ieS10aGlzLWFjY291bnQ=');
    expect(result.code).toBe(2);
    // The network checks wait for the first call the cache cannot answer, so the header comes first.
    expect(result.stdout).not.toContain('━━');
    expect(result.stderr).toBe(
      'evalpacks: Bedrock refused the API key from AWS_BEARER_TOKEN_BEDROCK (AccessDeniedException: Authentication failed: ' +
        'Please make sure your API Key is valid.). Fix: Create a new Bedrock API key in region us-east-1 (Bedrock console, ' +
        'API keys) and export it in AWS_BEARER_TOKEN_BEDROCK, or unset AWS_BEARER_TOKEN_BEDROCK to sign with AWS credentials.\n',
    );
    expect(bedrock.calls.map((call) => [call.scheme, call.auth])).toEqual([['bearer', 'unknown-api-key']]);
  });

  it('an empty key variable: exit 2 with one line, before any request', async () => {
    const result = await run(args(), '');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'evalpacks: AWS_BEARER_TOKEN_BEDROCK is set but empty. Fix: Export your Bedrock API key in AWS_BEARER_TOKEN_BEDROCK, ' +
        'or unset it to use AWS credentials.\n',
    );
    expect(bedrock.calls).toHaveLength(0);
  });

  it('never printed the key in any run of this file', () => {
    expect(outputs.length).toBe(6);
    for (const text of outputs) expect(text).not.toContain(API_KEY);
  });
});
