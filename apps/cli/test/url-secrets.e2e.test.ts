import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { runCli } from './run-cli.ts';

const SECRET = 'TOPSECRET-8f2c';

/** Every file under `dir` (a store with its journal, report files), as one buffer to grep. */
function bytesUnder(dir: string): Buffer {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  expect(files.length).toBeGreaterThanOrEqual(4);
  return Buffer.concat(files.map((file) => readFileSync(file)));
}

describe('an Ollama host behind a proxy with basic auth', () => {
  let standIn: OllamaStandIn;
  let hostWith: (password: string) => string;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'], basicAuth: `evaluser:${SECRET}` });
    hostWith = (password) => standIn.url.replace('http://', `http://evaluser:${password}@`);
  });
  afterAll(() => standIn.close());

  it('sends user:pass as a Basic header and keeps it out of output, store, journal and reports', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const dir = mkdtempSync(join(tmpdir(), 'evalpacks-host-secret-'));
    const args = ['eval', '--domain', 'code-review', '--ollama-host', hostWith(SECRET), '--judge-model', 'judge:1b'];
    const memory = ['--store', join(dir, 'runs.db'), '--reporter', 'console,json,junit,markdown', '--out', dir];
    const result = await runCli([...args, ...memory]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `agent  ollama qwen3.5:4b @ ${standIn.url.replace('http://', 'http://***@')} · num_ctx auto\n`,
    );
    const basic = `Basic ${Buffer.from(`evaluser:${SECRET}`).toString('base64')}`;
    expect(standIn.calls.length).toBeGreaterThanOrEqual(16);
    for (const call of standIn.calls) expect(call.headers.authorization).toBe(basic);
    const all = bytesUnder(dir);
    expect(all.includes('subtle-issues')).toBe(true); // the grep sees the stored and reported data
    expect(all.includes(SECRET)).toBe(false);
    expect(all.includes(Buffer.from(`evaluser:${SECRET}`).toString('base64'))).toBe(false);
    expect(`${result.stdout}${result.stderr}`).not.toContain(SECRET);
  });

  it('says the proxy refused the credentials, in one line without the password, and exits 2', async () => {
    const result = await runCli(['eval', '--domain', 'code-review', '--ollama-host', hostWith('WRONG-77')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `evalpacks: Ollama at ${standIn.url.replace('http://', 'http://***@')} refused the credentials (HTTP 401). ` +
        'Fix: Check the user and password in --ollama-host / OLLAMA_HOST; they are sent to the server as Basic auth. ' +
        'To try evalpacks without a model, add --offline (the pack answers from its sample fixtures).\n',
    );
    expect(result.stdout).not.toContain('WRONG-77');
  });

  it('refuses a --bedrock-endpoint with user:pass in one line that does not repeat it', async () => {
    const endpoint = `http://svc:${SECRET}@127.0.0.1:4566/?X-Amz-Security-Token=${SECRET}`;
    const result = await runCli([
      'eval',
      '--domain',
      'code-review',
      '--backend',
      'bedrock',
      '--bedrock-endpoint',
      endpoint,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--bedrock-endpoint must not carry user:password@');
    expect(`${result.stdout}${result.stderr}`).not.toContain(SECRET);
  });
});
