import { loadPackCases, runChecks } from '@evalpacks/core';
import { loadSampleTranscripts } from '@evalpacks/core/runner';
import { startOllamaStandIn } from '@evalpacks/testkit';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { listDomains, loadDomain } from '../src/packs/discover.ts';
import { runGuarded } from './bedrock-env.ts';
import { codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';

/**
 * The CLI with no AWS credentials and every TCP connection it attempts, loopback included, recorded in
 * `network` and refused.
 */
const runIsolated = (args: string[]) => runGuarded(args, null, { EVALPACKS_NETWORK_LOOPBACK: 'block' });

/** The exit code the pack's own fixtures call for: 0 when every sample passes the pack's checks. */
async function expectedExit(domain: string): Promise<number> {
  const pack = await loadDomain(domain);
  const cases = await loadPackCases(pack);
  const samples = await loadSampleTranscripts(pack, cases);
  expect([...samples.keys()].sort(), `every case of ${domain} needs fixtures/<case-id>.json`).toEqual(
    cases.map((testCase) => testCase.id).sort(),
  );
  const allPass = cases.every((testCase) => {
    const sample = samples.get(testCase.id);
    return sample && !sample.error && runChecks(pack.checks, sample, testCase).every((check) => check.passed);
  });
  return allPass ? 0 : 1;
}

describe.each(listDomains())('pnpm eval --domain %s --offline', (domain) => {
  it('runs from the fixtures on a fresh store, with no model server, no credentials and no connection', async () => {
    const code = await expectedExit(domain);
    const cases = (await loadPackCases(await loadDomain(domain))).length;
    const result = await runIsolated(['eval', '--domain', domain, '--offline']);
    expect(result.stderr).toBe('');
    expect(result.network).toEqual([]);
    expect(result.code).toBe(code);
    expect(summaryOf(result.stdout).split('\n')).toContain(
      `  model calls     0 made, 0 from the cache, ${cases} answer${cases === 1 ? '' : 's'} from sample fixtures`,
    );
    expect(result.stdout.match(/^ {2}source {3}hand-written sample/gm)).toHaveLength(cases);
  });
});

describe('offline mode', () => {
  it('replays agent turns and verdicts from the call cache of an earlier run', async () => {
    const standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    const store = tempStore();
    try {
      scriptAgent(standIn);
      scriptJudge(standIn, missedFinding);
      const online = await runCli(codeReviewArgs(standIn.url, '--store', store));
      expect(online.code).toBe(1);
      standIn.reset();
      const offline = await runIsolated(codeReviewArgs(standIn.url, '--offline', '--store', store));
      expect(offline.stderr).toBe('');
      expect(offline.network).toEqual([]);
      expect(offline.code).toBe(1);
      expect(standIn.calls).toHaveLength(0);
      expect(summaryOf(offline.stdout)).toBe(
        summaryOf(online.stdout)
          .replace('agent 3000 in / 1200 out, judge 1200 in / 240 out', 'agent 0 in / 0 out, judge 0 in / 0 out')
          .replace('15 made, 0 from the cache', '0 made, 15 from the cache, 0 answers from sample fixtures'),
      );
    } finally {
      await standIn.close();
    }
  });

  it('reports judge items it has no cached verdict for as not judged, not failed', async () => {
    const result = await runIsolated(['eval', '--domain', 'code-review', '--offline']);
    expect(result.code).toBe(0);
    expect(summaryOf(result.stdout)).toContain('  findings        n/a: 0 of 9 judged (9 not judged)\n');
    expect(result.stdout).toContain('    NOT JUDGED ssn-exposure (critical)\n      offline: no cached verdict\n');
  });

  it('needs no AWS credentials for an offline run on Bedrock either', async () => {
    const result = await runIsolated(['eval', '--domain', 'code-review', '--backend', 'bedrock', '--offline']);
    expect(result.stderr).toBe('');
    expect(result.network).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^agent {2}bedrock \S+ · us-east-1\n/m);
  });

  it('counts no tokens and no cost for sample answers, in the summary or the store', async () => {
    const store = tempStore();
    const args = ['eval', '--domain', 'content-review', '--offline', '--backend', 'bedrock', '--store', store];
    const result = await runIsolated(args);
    expect(result.code).toBe(0);
    const summary = summaryOf(result.stdout).split('\n');
    expect(summary).toContain('  tokens          agent 0 in / 0 out, judge 0 in / 0 out');
    expect(summary).toContain('  cost            $0 estimated (agent $0, judge $0)');
    const db = new Database(store, { readonly: true });
    expect(db.prepare('SELECT input_tokens, output_tokens, cost_usd FROM transcripts').all()).toEqual(
      Array(3).fill({ input_tokens: 0, output_tokens: 0, cost_usd: 0 }),
    );
    db.close();
  });

  it("never answers another prompt with the default variant's samples", async () => {
    const result = await runIsolated(['eval', '--domain', 'code-review', '--offline', '--variant', 'v2']);
    const why =
      'offline: no cached answer for the v2 prompt, and the samples answer the baseline prompt only; ' +
      'run once with a model to fill the cache';
    expect(result.stderr).toBe('');
    expect(result.network).toEqual([]);
    expect(result.code).toBe(1);
    expect(result.stdout.split(`  agent error ${why}\n`)).toHaveLength(4);
    const summary = summaryOf(result.stdout).split('\n');
    expect(summary).toContain('  cases           0/3 passed, 3 with errors (0.0%, 95% CI 0.0–56.1%)');
    expect(summary).toContain('  model calls     0 made, 0 from the cache, 0 answers from sample fixtures');
  });

  it('would see a connection: the guard records and refuses loopback ones too', async () => {
    const result = await runIsolated(['eval', '--domain', 'code-review', '--ollama-host', 'http://127.0.0.1:4']);
    expect(result.code).toBe(2);
    expect(result.network).toEqual(['connect 127.0.0.1:4']);
  });
});
