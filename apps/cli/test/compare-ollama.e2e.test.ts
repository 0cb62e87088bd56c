import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OllamaStandIn } from '@evalpacks/testkit';
import { describe, expect, it } from 'vitest';
import { sample } from './code-review-script.ts';
import { scriptV2Comparison, V2_ONLY } from './compare-script.ts';
import { judgedCompareArgs, useOllamaStandIn } from './ollama-stand-in.ts';
import { ROOT, runCli } from './run-cli.ts';

const CASES = 12;
const lambda = (i: number) => `lambda #${String(i).padStart(2, '0')}`;
const CATCH = 'The retry path re-sends the charge';
const REGRESSION = 'Nothing else stands out here';

/** Twelve small handlers, each with an obvious and a subtle bug and one thing not to flag. */
async function twelveCases(): Promise<string> {
  const cases = Array.from({ length: CASES }, (_, i) => ({
    id: `handler-${i}`,
    name: `Handler ${i}`,
    input: [
      `// ${lambda(i)}: charges an order`,
      'export const handler = async (event) => {',
      '  const order = await orders.get(event.pathParameters.id);',
      '  return pay(order.total, event.headers["x-retry"]);',
      '};',
    ].join('\n'),
    expectedFindings: [
      { id: 'obvious-bug', description: 'No check that the order exists before paying.', severity: 'high' },
      { id: 'subtle-bug', description: 'A client retry charges the order twice.', severity: 'medium' },
    ],
    expectedAbsent: ['the orders table name being read from the environment'],
  }));
  const dir = await mkdtemp(join(tmpdir(), 'evalpacks-compare-'));
  const file = join(dir, 'twelve-handlers.json');
  await writeFile(file, JSON.stringify(cases));
  return file;
}

/**
 * Baseline reviews never mention the double charge; v2's do on handlers 0-9, not on 10, and on 11 v2's
 * review drops the obvious bug: ten findings gained, one lost.
 */
function scriptTwelve(standIn: OllamaStandIn): void {
  const review = sample('basic-vulnerabilities');
  for (let i = 0; i < CASES; i++) {
    const extra = i < 10 ? `\n\n${CATCH} on a client retry.` : i === 11 ? `\n\n${REGRESSION}.` : '';
    standIn.script({
      match: { hasFormat: false, system: V2_ONLY, contains: lambda(i) },
      reply: { content: `${review}${extra}`, promptTokens: 500, outputTokens: 300 },
    });
  }
  standIn.script({ match: { hasFormat: false }, reply: { content: review, promptTokens: 500, outputTokens: 300 } });
  const verdict = (caught: boolean) => ({ content: `{"reasoning":"Read it.","caught":${caught}}` });
  standIn.script({ match: { hasFormat: true, contains: ['id="subtle-bug"', CATCH] }, reply: verdict(true) });
  standIn.script({ match: { hasFormat: true, contains: 'id="subtle-bug"' }, reply: verdict(false) });
  standIn.script({ match: { hasFormat: true, contains: ['id="obvious-bug"', REGRESSION] }, reply: verdict(false) });
  standIn.script({
    match: { hasFormat: true, contains: '<must_not_be_flagged>' },
    reply: { content: '{"reasoning":"Not flagged.","flagged":false}' },
  });
  standIn.script({ match: { hasFormat: true }, reply: verdict(true) });
}

const compare = (...more: string[]) => judgedCompareArgs('code-review', standIn.url, ...more);

/** From the first case block to the end: everything after the header, which names the stand-in's port. */
const fromFirstCase = (stdout: string) => stdout.slice(stdout.indexOf('━━')).trimEnd();

const standIn = useOllamaStandIn({ models: ['qwen3.5:4b', 'qwen3.5:0.8b', 'judge:1b'] });

// Each test spawns the CLI (one or two runs of a pack); a loaded machine can take several seconds.
describe('pnpm compare against the Ollama stand-in', () => {
  it('shows v2 catching one more finding on 3 cases as no detectable difference, with its interval', async () => {
    scriptV2Comparison(standIn);
    const result = await runCli(compare('--baseline', 'baseline', '--variant', 'v2'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('evalpacks compare · code-review · 3 cases · 1 epoch · policy majority\n');
    expect(result.stdout).toContain('judge     ollama judge:1b (both sides)\n');
    expect(fromFirstCase(result.stdout)).toBe(
      [
        '━━ basic-vulnerabilities Basic vulnerabilities',
        '  structural        6/6 -> 6/6',
        '  findings          5/5 -> 5/5',
        '  false positives   0 -> 0',
        '',
        '━━ false-positive-bait False positive bait',
        '  structural        6/6 -> 6/6',
        '  false positives   0 -> 0',
        '',
        '━━ subtle-issues Subtle issues',
        '  structural        6/6 -> 6/6',
        '  findings          3/4 -> 4/4',
        '  false positives   0 -> 0',
        '  now caught        missing-idempotency (0/1 -> 1/1)',
        '',
        'Overall over 3 cases, 30 paired items',
        "  rates count every epoch's grading; 95% Wilson intervals clustered by case",
        '                    baseline                                v2',
        '  structural        18/18 = 100.0% (95% CI 82.4–100.0%)     18/18 = 100.0% (95% CI 82.4–100.0%)',
        '  recall            8/9 = 88.9% (95% CI 56.5–98.0%)         9/9 = 100.0% (95% CI 70.1–100.0%)',
        '  precision         8/8 = 100.0% (95% CI 67.6–100.0%)       9/9 = 100.0% (95% CI 70.1–100.0%)',
        '  false positives   0/3 = 0.0% (95% CI 0.0–56.1%)           0/3 = 0.0% (95% CI 0.0–56.1%)',
        '  all items         29/30 = 96.7% (95% CI 83.3–99.4%)       30/30 = 100.0% (95% CI 88.6–100.0%)',
        '',
        '  difference        +3.3 points (95% CI −11.0 to +17.7 points; paired per item, clustered by case)',
        '  permutation test  p = 1.0000 over cases (exact, 2 sign assignments)',
        '  exact McNemar     p = 1.0000 over items (1 gained, 0 lost)',
        '  verdict           no detectable difference',
        '  detectable        nothing: with 3 cases no difference can reach p < 0.05 (smallest possible p = 0.2500); use at least 6 cases',
      ].join('\n'),
    );
    // Both sides ran every case once with the same judge, which graded every item of both.
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(6);
    expect(standIn.chatCalls({ hasFormat: false, system: V2_ONLY })).toHaveLength(3);
    expect(standIn.chatCalls({ hasFormat: true, model: 'judge:1b' })).toHaveLength(24);
  });

  it('compares over repeats: a finding v2 catches in 2 of 3 epochs is now caught under majority', async () => {
    scriptV2Comparison(standIn, (n) => n !== 2);
    const result = await runCli(compare('--variant', 'v2', '--repeat', '3'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('evalpacks compare · code-review · 3 cases · 3 epochs · policy majority\n');
    expect(result.stdout).toContain('  now caught        missing-idempotency (0/3 -> 2/3)\n');
    expect(result.stdout).toContain(
      '  recall            24/27 = 88.9% (95% CI 62.5–97.5%)       26/27 = 96.3% (95% CI 81.7–99.3%)\n',
    );
    expect(result.stdout).toContain('  flaky items       0                                       1\n');
    expect(result.stdout).toContain('  exact McNemar     p = 1.0000 over items (1 gained, 0 lost)\n');
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(18);
  });

  it('fails a compare whose two sides flipped more items than --max-flaky allows', async () => {
    scriptV2Comparison(standIn, (n) => n !== 2);
    const over = await runCli(compare('--variant', 'v2', '--repeat', '3', '--max-flaky', '0'));
    expect(over.stderr).toBe('');
    expect(over.code).toBe(1);
    expect(over.stdout).toContain('  verdict           no detectable difference\n');
    expect(over.stdout.trimEnd().split('\n').at(-1)).toBe(
      '  flaky limit       1 flaky item on the two sides (at most 0, exceeded)',
    );
    standIn.reset();
    scriptV2Comparison(standIn, (n) => n !== 2);
    const within = await runCli(compare('--variant', 'v2', '--repeat', '3', '--max-flaky', '1', '--no-cache'));
    expect(within.code).toBe(0);
    expect(within.stdout.trimEnd().split('\n').at(-1)).toBe(
      '  flaky limit       1 flaky item on the two sides (at most 1)',
    );
  });

  it('calls v2 better with p < 0.05 over 12 cases with a large effect', async () => {
    scriptTwelve(standIn);
    const result = await runCli(compare('--variant', 'v2', '--test-case', await twelveCases()));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = fromFirstCase(result.stdout);
    expect(report).toContain(
      [
        '━━ handler-11 Handler 11',
        '  structural        6/6 -> 6/6',
        '  findings          1/2 -> 0/2',
        '  false positives   0 -> 0',
        '  no longer caught  obvious-bug (1/1 -> 0/1)',
      ].join('\n'),
    );
    expect(report.match(/now caught {8}subtle-bug \(0\/1 -> 1\/1\)/g)).toHaveLength(10);
    expect(report.slice(report.indexOf('Overall'))).toBe(
      [
        'Overall over 12 cases, 108 paired items',
        "  rates count every epoch's grading; 95% Wilson intervals clustered by case",
        '                    baseline                                v2',
        '  structural        72/72 = 100.0% (95% CI 94.9–100.0%)     72/72 = 100.0% (95% CI 94.9–100.0%)',
        '  recall            12/24 = 50.0% (95% CI 31.4–68.6%)       21/24 = 87.5% (95% CI 62.9–96.7%)',
        '  precision         12/12 = 100.0% (95% CI 75.8–100.0%)     21/21 = 100.0% (95% CI 84.5–100.0%)',
        '  false positives   0/12 = 0.0% (95% CI 0.0–24.2%)          0/12 = 0.0% (95% CI 0.0–24.2%)',
        '  all items         96/108 = 88.9% (95% CI 81.6–93.5%)      105/108 = 97.2% (95% CI 90.6–99.2%)',
        '',
        '  difference        +8.3 points (95% CI +3.9 to +12.7 points; paired per item, clustered by case)',
        '  permutation test  p = 0.0117 over cases (exact, 2048 sign assignments)',
        '  exact McNemar     p = 0.0117 over items (10 gained, 1 lost)',
        '  verdict           better',
        '  detectable        ±6.1 points or more at 80% power with 12 cases',
      ].join('\n'),
    );
  });

  it('calls the swap worse and exits 1', async () => {
    scriptTwelve(standIn);
    const result = await runCli(
      compare('--baseline', 'v2', '--variant', 'baseline', '--test-case', await twelveCases()),
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '  difference        −8.3 points (95% CI −12.7 to −3.9 points; paired per item, clustered by case)\n',
    );
    expect(result.stdout).toContain('  verdict           worse\n');
  });

  it('compares a prompt file on another model, labelling each side by prompt and model', async () => {
    scriptV2Comparison(standIn);
    const result = await runCli(
      compare('--variant', 'apps/cli/test/packs/code-review/prompts/v2.md', '--variant-model', 'qwen3.5:0.8b'),
      // The file is named from the workspace root, as a user running pnpm there would.
      { INIT_CWD: ROOT },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^variant {3}v2 · ollama qwen3\.5:0\.8b @ http:\/\/127\.0\.0\.1:\d+ · num_ctx auto$/m,
    );
    expect(result.stdout).toContain('                    baseline (qwen3.5:4b)                   v2 (qwen3.5:0.8b)\n');
    expect(standIn.chatCalls({ hasFormat: false, model: 'qwen3.5:0.8b' })).toHaveLength(3);
    expect(standIn.chatCalls({ hasFormat: false, model: 'qwen3.5:4b' })).toHaveLength(3);
  });

  it('says what is wrong with the flags in one line', async () => {
    const nothing = await runCli(['compare', '--domain', 'code-review']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toBe(
      'evalpacks: nothing to compare: give --variant NAME|FILE, --variant-model MODEL, or both\n',
    );
    const unknown = await runCli(['compare', '--domain', 'code-review', '--variant', 'v3']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'evalpacks: --variant "v3" is neither a variant of code-review (baseline, v2) nor a prompt file\n',
    );
  });
});
