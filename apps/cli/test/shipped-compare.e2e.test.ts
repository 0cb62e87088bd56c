import { join } from 'node:path';
import codeReview from '@evalpacks/code-review';
import { loadPackCases } from '@evalpacks/core';
import { loadSampleTranscripts } from '@evalpacks/core/runner';
import { describe, expect, it } from 'vitest';
import { scriptJudge } from './judge-script.ts';
import { judgedCompareArgs, useOllamaStandIn } from './ollama-stand-in.ts';
import { ROOT, runCli } from './run-cli.ts';

// The shipped code-review pack, not the frozen test pack the other tests use: can a compare of the pack
// people install tell a better prompt from a worse one?
process.env.EVALPACKS_DOMAINS_DIR = join(ROOT, 'domains');

const standIn = useOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });

describe('compare on the shipped code-review pack', () => {
  it('can detect a change of 15 points or less at 80% power', async () => {
    const cases = await loadPackCases(codeReview);
    const references = await loadSampleTranscripts(codeReview, cases);
    // Both sides answer every case with its reference review; the judge finds every finding caught.
    for (const testCase of cases) {
      const answer = references.get(testCase.id)?.answer;
      expect(answer, `${testCase.id} has a reference answer`).toBeDefined();
      standIn.script({ match: { hasFormat: false, contains: testCase.input }, reply: { content: answer ?? '' } });
    }
    scriptJudge(standIn, 'no-finding-is-missed');
    const result = await runCli(judgedCompareArgs('code-review', standIn.url, '--variant', 'v2'));
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`evalpacks compare · code-review · ${cases.length} cases · 1 epoch`);
    const detectable = /^ {2}detectable {8}±([\d.]+) points or more at 80% power/m.exec(result.stdout);
    expect(detectable, result.stdout.slice(-1500)).not.toBeNull();
    expect(Number(detectable?.[1])).toBeLessThanOrEqual(15);
  }, 300_000);
});
