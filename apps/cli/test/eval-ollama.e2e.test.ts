import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { loadPackCases, splitOf } from '@evalpacks/core';
import { listVariants } from '@evalpacks/core/runner';
import { describe, expect, it } from 'vitest';
import { listDomains, loadDomain } from '../src/packs/discover.ts';
import {
  codeReviewArgs,
  missedFinding,
  SCRIPTED_RESULTS,
  SCRIPTED_SUGGESTIONS,
  scriptAgent,
  scriptJudge,
} from './code-review-script.ts';
import { useOllamaStandIn } from './ollama-stand-in.ts';
import { ROOT, runCli, summaryOf } from './run-cli.ts';

const missed = missedFinding;

describe('pnpm eval --domain code-review against the Ollama stand-in', () => {
  const standIn = useOllamaStandIn();

  it('evaluates every case with checks and judge, prints the exact summary and exits 1 on the miss', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, missed);
    const result = await runCli(codeReviewArgs(standIn.url));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(summaryOf(result.stdout)).toBe(
      [
        ...SCRIPTED_RESULTS,
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     15 made, 0 from the cache',
        ...SCRIPTED_SUGGESTIONS,
      ].join('\n'),
    );
    expect(result.stdout).toContain('judge  ollama judge:1b\n');
    // Each case got its own scripted review: the bait case's is the clean one.
    expect(result.stdout).toContain('found summary count "0 critical, 0 high, 0 medium, 0 low"');
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(3);
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(12);
    for (const call of standIn.chatCalls({ hasFormat: true })) {
      expect(call.body.options?.temperature).toBe(0);
      expect(call.body.model).toBe('judge:1b');
    }
  });

  it('records a judge that answers garbage as judge errors, not misses, and exits 1 without crashing', async () => {
    scriptAgent(standIn);
    standIn.script({ match: { hasFormat: true }, reply: { content: 'Yes, I think the review got it.' } });
    const result = await runCli(['eval', '--domain', 'code-review', '--ollama-host', standIn.url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const summary = summaryOf(result.stdout);
    expect(summary).toContain('  cases           0/3 passed, 3 with errors (0.0%, 95% CI 0.0–56.1%)\n');
    expect(summary).toContain('  findings        n/a: 0 of 9 judged (9 judge errors)\n');
    expect(summary).toContain('  judge errors    12\n');
    expect(summary).toContain('  model calls     27 made, 0 from the cache\n');
    expect(summary).toContain('Judge       basic-vulnerabilities: judge error on');
    expect(result.stdout).toContain('raw: "Yes, I think the review got it."');
    expect(result.stdout).toContain(
      'note   the judge is the agent model; a different --judge-model avoids self-preference',
    );
    // One repair attempt per item, then the error: two calls for each of the 12 items.
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(24);
  });

  it('makes no judge call with --structural-only', async () => {
    scriptAgent(standIn);
    const result = await runCli(['eval', '--domain', 'code-review', '--ollama-host', standIn.url, '--structural-only']);
    expect(result.code).toBe(0);
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(0);
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           3/3 passed (100.0%, 95% CI 43.9–100.0%)',
        '  structural      18/18 checks passed (95% CI 82.4–100.0%)',
        '  tokens          agent 3000 in / 1200 out, judge 0 in / 0 out',
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     3 made, 0 from the cache',
      ].join('\n'),
    );
  });

  it('names the model to pull when it is missing', async () => {
    const result = await runCli([
      'eval',
      '--domain',
      'code-review',
      '--ollama-host',
      standIn.url,
      '--model',
      'llama9:70b',
    ]);
    expect(result.code).toBe(2);
    // The server is checked before the first call the cache cannot answer: after the header, before any case.
    expect(result.stdout).toMatch(/^evalpacks · code-review · variant baseline · 3 cases\n/);
    expect(result.stdout).not.toContain('━━');
    expect(standIn.chatCalls()).toHaveLength(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain("has no model 'llama9:70b'");
    expect(result.stderr).toContain('ollama pull llama9:70b');
  });
});

describe('infrastructure and usage errors', () => {
  it('gives a one-line fix within two seconds when nothing listens on the port', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const result = await runCli(['eval', '--domain', 'code-review', '--ollama-host', `http://127.0.0.1:${port}`]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /Cannot reach the Ollama server \(ECONNREFUSED\) at http:\/\/127\.0\.0\.1:\d+\. Fix: Start it with `ollama serve`/,
    );
  });

  it('lists the known domains for an unknown one', async () => {
    // Every folder of domains/ with a pack entry, the user's own included: read here, not a list of the shipped ones.
    // The domains folder these tests discover (the frozen test packs), whatever packs a user has added.
    const folder = process.env.EVALPACKS_DOMAINS_DIR ?? join(ROOT, 'domains');
    const domains = readdirSync(folder)
      .filter((name) => existsSync(join(folder, name, 'src', 'index.ts')))
      .sort();
    expect(domains).toContain('code-review');
    const result = await runCli(['eval', '--domain', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`evalpacks: unknown domain "nope"; known domains: ${domains.join(', ')}\n`);
  });

  it('rejects contradictory flags as a usage error', async () => {
    const result = await runCli(['eval', '--domain', 'code-review', '--structural-only', '--skip-structural']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('evalpacks: --structural-only and --skip-structural together would check nothing\n');
  });

  it('lists packs with case counts per split and variants', async () => {
    const result = await runCli(['eval', '--list']);
    expect(result.code).toBe(0);
    // The counts as the packs hold them, so the test survives new cases and new packs.
    for (const domain of listDomains()) {
      const pack = await loadDomain(domain);
      const cases = await loadPackCases(pack);
      const dev = cases.filter((testCase) => splitOf(testCase) === 'dev').length;
      const variants = (await listVariants(pack)).join(', ');
      expect(result.stdout).toMatch(
        new RegExp(
          `(^|\\n)${domain}\\s+${cases.length} cases \\(${dev} dev / ${cases.length - dev} test\\) · .*\\n\\s+variants: ${variants} · detects `,
        ),
      );
    }
  });
});
