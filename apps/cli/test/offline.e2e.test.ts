import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startOllamaStandIn } from '@evalpacks/testkit';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runGuarded } from './bedrock-env.ts';
import { codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';

/**
 * The CLI with no AWS credentials and every TCP connection it attempts, loopback included, recorded in
 * `network` and refused.
 */
const runIsolated = (args: string[]) => runGuarded(args, null, { EVALPACKS_NETWORK_LOOPBACK: 'block' });

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

  it('never calls a case whose judged items were not judged a pass: structural only, in every reporter', async () => {
    const store = tempStore();
    const out = join(dirname(store), 'reports');
    const args = ['eval', '--domain', 'code-review', '--offline', '--store', store, '--out', out];
    const result = await runIsolated([...args, '--reporter', 'console,json,junit,markdown']);
    // Nothing failed, so the exit code is 0; the summary says nothing was judged.
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect((result.stdout.match(/^━━ .*$/gm) ?? []).sort()).toEqual([
      '━━ basic-vulnerabilities Basic vulnerabilities  STRUCTURAL ONLY',
      '━━ false-positive-bait False positive bait  STRUCTURAL ONLY',
      '━━ subtle-issues Subtle issues  STRUCTURAL ONLY',
    ]);
    expect(result.stdout).toMatch(
      /^progress 3\/3 cases \(100%\) · 0 passed, 3 structural only, 0 failed, 0 errors · /m,
    );
    expect(summaryOf(result.stdout).split('\n')[1]).toBe(
      '  cases           0/3 passed, 3 structural only, not judged (0.0%, 95% CI 0.0–56.1%)',
    );
    const json = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(json.grade).toMatchObject({
      passed: true,
      exitCode: 0,
      cases: { passed: 0, structuralOnly: 3, failed: 0, errors: 0, total: 3 },
      passRate: 0,
    });
    expect([...json.grade.structuralOnlyCases].sort()).toEqual([
      'basic-vulnerabilities',
      'false-positive-bait',
      'subtle-issues',
    ]);
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect((junit.match(/<testcase name="[^"]*"/g) ?? []).sort()).toEqual([
      '<testcase name="basic-vulnerabilities [structural only]"',
      '<testcase name="false-positive-bait [structural only]"',
      '<testcase name="subtle-issues [structural only]"',
    ]);
    expect(junit).toContain(
      '<property name="structural-only" value="basic-vulnerabilities: 5 judged items not judged"/>',
    );
    const markdown = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(markdown).toContain('**0/3 cases passed, 3 structural only (not judged)** · ');
    expect(markdown).toContain('| ⬜ | subtle-issues | 6/6 | 0/4 | 0 | structural only: 4 judged items not judged |');
    expect(markdown).not.toContain('✅');
    // A gate asks for a share of cases shown to pass: none was.
    const gated = await runIsolated([...args, '--min-pass-rate', '0.5']);
    expect(gated.code).toBe(1);
    expect(summaryOf(gated.stdout)).toContain('  pass rate       0.0% (minimum 50.0%, not met)');
  });

  it('compare --runs of two offline runs calls the items never judged not judged, not errors', async () => {
    const store = tempStore();
    for (const _ of [1, 2]) {
      expect((await runIsolated(['eval', '--domain', 'code-review', '--offline', '--store', store])).code).toBe(0);
    }
    const result = await runIsolated(['compare', '--runs', '1', '2', '--store', store]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/error/i);
    expect(result.stdout).toContain('━━ basic-vulnerabilities Basic vulnerabilities\n');
    expect(result.stdout).toContain('\n  not judged        5 items not judged on one side or both\n');
    expect(result.stdout).toContain(
      '\n  not judged        12 items not judged on one side or both: left out, as no verdict can be compared\n',
    );
    expect(result.stdout).toContain('\n  verdict           no detectable difference\n');
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
