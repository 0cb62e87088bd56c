import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brief } from '@evalpacks/core';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeReviewArgs, scriptAgent } from './code-review-script.ts';
import { scriptReadingJudge, scriptSubtleReviewer, subtleCase } from './compare-script.ts';
import { junitSchemaProblems, parseJunit } from './junit-schema.ts';
import { runCli } from './run-cli.ts';

const missedBrief = brief(subtleCase?.expectedFindings.find((f) => f.id === 'missing-idempotency')?.description ?? '');

/** From the per-case table of a repeated run to the end: the part that does not depend on timing. */
const fromPerCase = (stdout: string) => stdout.slice(stdout.indexOf('Per case over')).trimEnd();

const args = (standIn: OllamaStandIn, ...more: string[]) => codeReviewArgs(standIn.url, '--repeat', '3', ...more);

// Each test spawns the CLI on three epochs of a pack; a loaded machine can take several seconds.
describe('pnpm eval --repeat against the Ollama stand-in', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  });
  beforeEach(() => {
    standIn.reset();
    // The subtle-issues reviewer explains the redelivery problem in its 1st and 3rd review, not its 2nd.
    scriptSubtleReviewer(standIn, (n) => n !== 2);
    scriptAgent(standIn);
    scriptReadingJudge(standIn);
  });
  afterAll(() => standIn.close());

  it('passes a finding caught in 2 of 3 epochs under majority and lists it as flaky', async () => {
    const result = await runCli(args(standIn));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'evalpacks · code-review · variant baseline · 3 cases · 3 epochs · policy majority\n',
    );
    expect(result.stdout).toContain('━━ subtle-issues Subtle issues [epoch 2/3]');
    expect(fromPerCase(result.stdout)).toBe(
      [
        'Per case over 3 epochs',
        '  basic-vulnerabilities  PASS  structural 6/6 · findings 5/5 · pass@1 3/3 · pass^3 100.0%',
        '  false-positive-bait    PASS  structural 6/6 · false positives 0 · pass@1 3/3 · pass^3 100.0%',
        '  subtle-issues          PASS  structural 6/6 · findings 4/4 · pass@1 2/3 · pass^3 0.0%',
        '',
        'Summary · 3 epochs per case · policy majority',
        '  counts are items under the policy; rates are per epoch with 95% Wilson intervals clustered by case',
        '  cases           3/3 passed (95% CI 43.9–100.0%)',
        '  pass@1          88.9% (95% CI 66.7–100.0%) mean of 3 cases',
        '  pass^3          66.7% (95% CI 0.0–100.0%) mean of 3 cases · all 3 tries pass',
        '  structural      18/18 checks passed · epochs 54/54 = 100.0% (95% CI 93.4–100.0%)',
        '  findings        9/9 caught · epochs 26/27 = 96.3% (95% CI 81.7–99.3%)',
        '  false positives 0 · epochs flagged 0/9 = 0.0% (95% CI 0.0–29.9%)',
        '  flaky           1 (listed below)',
        '  judge errors    0',
        '  tokens          agent 9000 in / 3600 out, judge 3600 in / 720 out',
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     45 made, 0 from the cache',
        '',
        'Flaky (passed in some epochs, failed in others)',
        '  subtle-issues  finding missing-idempotency: caught 2/3 → passes under majority',
        '',
        'Suggestions',
        `  Steps       subtle-issues: missed "missing-idempotency": add a step that looks for: ${missedBrief}`,
      ].join('\n'),
    );
    // Every epoch is a fresh agent call: three per case, none served twice.
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(9);
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(36);
  });

  it('fails the same finding under --policy all, still listed as flaky, and exits 1', async () => {
    const result = await runCli(args(standIn, '--policy', 'all'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = fromPerCase(result.stdout);
    expect(report).toContain(
      [
        '  subtle-issues          FAIL  structural 6/6 · findings 3/4 · pass@1 2/3 · pass^3 0.0%',
        '    FAIL finding missing-idempotency: caught 2/3',
      ].join('\n'),
    );
    expect(report).toContain('  cases           2/3 passed (95% CI 20.8–93.9%)\n');
    expect(report).toContain('  findings        8/9 caught · epochs 26/27 = 96.3% (95% CI 81.7–99.3%)\n');
    expect(report).toContain(
      'Flaky (passed in some epochs, failed in others)\n  subtle-issues  finding missing-idempotency: caught 2/3 → fails under all\n',
    );
  });

  it('fails a run that passed when more items flipped than --max-flaky allows, and marks it in JUnit', async () => {
    const out = await mkdtemp(join(tmpdir(), 'evalpacks-flaky-'));
    const result = await runCli(args(standIn, '--max-flaky', '0', '--reporter', 'console,junit', '--out', out));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = fromPerCase(result.stdout);
    expect(report).toContain('  cases           3/3 passed (95% CI 43.9–100.0%)\n');
    expect(report).toContain(
      '  model calls     45 made, 0 from the cache\n  flaky limit     1 flaky item (at most 0, exceeded)\n',
    );

    const xml = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junitSchemaProblems(xml)).toEqual([]);
    const [suite] = parseJunit(xml).testsuites.testsuite;
    expect(suite?.testcase.map((testcase) => testcase.name)).toEqual([
      ...[1, 2, 3].map((epoch) => `basic-vulnerabilities [epoch ${epoch}/3]`),
      ...[1, 2, 3].map((epoch) => `false-positive-bait [epoch ${epoch}/3]`),
      ...[1, 2, 3].map((epoch) => `subtle-issues [epoch ${epoch}/3] [flaky]`),
    ]);
    const flipped = 'subtle-issues finding missing-idempotency: caught 2/3';
    expect(suite?.properties.property.filter((property) => property.name === 'flaky')).toEqual([
      { name: 'flaky', value: flipped },
    ]);
    expect(suite?.['system-out']).toBe(`Flaky (passed in some epochs, failed in others)\n  ${flipped}`);
  });

  it('exits as before when the flaky items stay within --max-flaky', async () => {
    const result = await runCli(args(standIn, '--max-flaky', '1'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(fromPerCase(result.stdout)).toContain('  flaky limit     1 flaky item (at most 1)\n');
  });

  it('lets a case file set its own policy over the command line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'evalpacks-policy-'));
    const file = join(dir, 'subtle.json');
    await writeFile(file, JSON.stringify({ ...subtleCase, repeatPolicy: 'any' }));
    const result = await runCli(args(standIn, '--policy', 'all', '--test-case', file));
    expect(result.code).toBe(0);
    expect(fromPerCase(result.stdout)).toContain(
      '  subtle-issues  PASS  structural 6/6 · findings 4/4 · policy any · pass@1 2/3 · pass^3 0.0%\n',
    );
    expect(fromPerCase(result.stdout)).toContain('caught 2/3 → passes under any');
  });

  it('rejects an unknown policy as a usage error', async () => {
    const result = await runCli(args(standIn, '--policy', 'mostly'));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'evalpacks: --policy "mostly" is not one of majority, all, any, min-rate:R (0 < R ≤ 1)\n',
    );
  });
});
