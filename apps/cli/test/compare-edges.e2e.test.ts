import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort } from './closed-port.ts';
import { IDEMPOTENCY_CATCH, scriptV2Comparison, V2_ONLY } from './compare-script.ts';
import { ROOT, runCli } from './run-cli.ts';

/** From the first case block to the end: everything after the header, which names the stand-in's port. */
const fromFirstCase = (stdout: string) => stdout.slice(stdout.indexOf('━━')).trimEnd();

/**
 * A pack outside the workspace whose own agent names the month only when the prompt asks it to, plus a
 * prompt file and a case file beside it: what a user comparing their own agent's prompts has.
 */
function writeOwnAgentPack(root: string): void {
  const dir = join(root, 'date-pack');
  for (const sub of ['src', 'prompts', 'cases']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  writeFileSync(join(dir, 'prompts', 'baseline.md'), '# Role\nA date checker.\n\n# Expectation\nName the month.\n');
  writeFileSync(join(dir, 'cases', 'launch.yaml'), 'name: Launch date\ninput: The launch is on 31 February.\n');
  writeFileSync(
    join(dir, 'src', 'index.ts'),
    `import { defineCheck, definePack } from '@evalpacks/core';
const namesMonth = defineCheck({
  id: 'names-month', name: 'Names the month', part: 'expectation',
  run: (t) => (/february/i.test(t.answer) ? { passed: true, detail: 'names it' } : { passed: false, detail: 'no month' }),
});
async function dateChecker(request) {
  return request.systemPrompt.includes('Name the month') ? 'There is no 31 February.' : 'That date is wrong.';
}
export default definePack({ name: 'date-pack', description: 'brings its own agent',
  root: new URL('..', import.meta.url), checks: [namesMonth], agent: dateChecker });\n`,
  );
  writeFileSync(join(root, 'terse.md'), '# Role\nA date checker.\n\n# Expectation\nSay whether it is valid.\n');
  const cases = [1, 2].map((i) => ({
    id: `review-${i}`,
    name: `Review ${i}`,
    input: `Review ${i} is on 30 February.`,
  }));
  writeFileSync(join(root, 'two-dates.json'), JSON.stringify(cases));
}

let standIn: OllamaStandIn;
let userDir: string;

const compare = (...more: string[]) => ['compare', '--ollama-host', standIn.url, '--judge-model', 'judge:1b', ...more];

describe('pnpm compare: errors, a pack of its own agent, paths from where pnpm ran', () => {
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    userDir = mkdtempSync(join(tmpdir(), 'evalpacks-compare-user-'));
    writeOwnAgentPack(userDir);
  });
  beforeEach(() => standIn.reset());
  afterAll(async () => {
    await standIn.close();
    rmSync(userDir, { recursive: true, force: true });
  });

  it('shows the variant agent failing on every case and calls it inconclusive with exit 2', async () => {
    standIn.script({ match: { hasFormat: false, system: V2_ONLY }, reply: { fault: 'http-500' } });
    scriptV2Comparison(standIn);
    const result = await runCli(compare('--domain', 'code-review', '--variant', 'v2'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(2);
    const error =
      '  variant error     agent: Ollama HTTP 500: llama runner process has terminated: stand-in http-500 fault (6 attempts); the model runner keeps failing (often out of memory): check `ollama ps` and the server log (journalctl -u ollama, or ~/.ollama/logs/server.log), or lower --concurrency';
    expect(fromFirstCase(result.stdout)).toBe(
      [
        '━━ basic-vulnerabilities Basic vulnerabilities',
        '  structural        6/6 -> 0/0',
        '  findings          5/5 -> 0/0',
        '  false positives   0 -> 0',
        '  not compared      11 items graded on one side only (errors)',
        error,
        '',
        '━━ false-positive-bait False positive bait',
        '  structural        6/6 -> 0/0',
        '  false positives   0 -> 0',
        '  not compared      9 items graded on one side only (errors)',
        error,
        '',
        '━━ subtle-issues Subtle issues',
        '  structural        6/6 -> 0/0',
        '  findings          3/4 -> 0/0',
        '  false positives   0 -> 0',
        '  not compared      10 items graded on one side only (errors)',
        error,
        '',
        'Overall over 0 cases, 0 paired items',
        "  rates count every epoch's grading; 95% Wilson intervals clustered by case",
        '                    baseline                                v2',
        '  structural        18/18 = 100.0% (95% CI 82.4–100.0%)     0/0',
        '  recall            8/9 = 88.9% (95% CI 56.5–98.0%)         0/0',
        '  precision         8/8 = 100.0% (95% CI 67.6–100.0%)       n/a',
        '  false positives   0/3 = 0.0% (95% CI 0.0–56.1%)           0/0',
        '  all items         0/0                                     0/0',
        '',
        '  difference        none measured: no item was graded on both sides',
        '  permutation test  p = 1.0000 over cases (exact, 1 sign assignments)',
        '  exact McNemar     p = 1.0000 over items (0 gained, 0 lost)',
        '  verdict           inconclusive: agent or judge errors in 3 of 3 variant cases',
        '  detectable        nothing: with 0 cases no difference can reach p < 0.05 (smallest possible p = 1.0000); use at least 6 cases',
        '  not compared      30 items graded on one side only (judge or agent errors)',
      ].join('\n'),
    );
  });

  it('shows a judge error on one side, and calls an otherwise clean comparison inconclusive', async () => {
    const garbage = { match: { hasFormat: true, contains: ['id="missing-idempotency"', IDEMPOTENCY_CATCH] } };
    standIn.script({ ...garbage, reply: { content: 'no json' } });
    scriptV2Comparison(standIn);
    const subtle = ['--test-case', 'apps/cli/test/packs/code-review/cases/subtle-issues.yaml'];
    const result = await runCli(compare('--domain', 'code-review', '--variant', 'v2', ...subtle), { INIT_CWD: ROOT });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(2);
    const report = fromFirstCase(result.stdout);
    expect(report).toContain(
      [
        '  not compared      1 item graded on one side only (errors)',
        '  variant error     judge: unparseable verdict after one repair attempt (not JSON: no JSON object in the answer)',
        '',
      ].join('\n'),
    );
    expect(report).not.toContain('baseline error');
    expect(report).toContain('  verdict           inconclusive: agent or judge errors in 1 of 1 variant cases\n');
  });

  it("runs a pack's own agent on both sides, with the pack, prompt and cases named from where pnpm ran", async () => {
    const args = ['--pack', 'date-pack', '--variant', 'terse.md', '--test-case', 'two-dates.json'];
    const result = await runCli(compare(...args), { INIT_CWD: userDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      [
        'evalpacks compare · date-pack · 2 cases · 1 epoch · policy majority',
        "baseline  baseline · function dateChecker (the pack's own)",
        "variant   terse · function dateChecker (the pack's own)",
        'judge     ollama judge:1b (both sides)',
      ].join('\n'),
    );
    expect(fromFirstCase(result.stdout)).toContain(
      [
        '━━ review-1 Review 1',
        '  structural        1/1 -> 0/1',
        '  false positives   0 -> 0',
        '  now failing       Names the month (1/1 -> 0/1)',
      ].join('\n'),
    );
    expect(result.stdout).toContain('  verdict           no detectable difference\n');
    // Both sides ran on the pack's agent: the stand-in never saw an agent call.
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(0);
  });

  it('says, below the calls, which Ollama hosts served each side, from the rows eval prints', async () => {
    scriptV2Comparison(standIn);
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const hosts = ['--ollama-host', `${dead},${standIn.url}`];
    const result = await runCli([
      'compare',
      '--domain',
      'code-review',
      '--variant',
      'v2',
      '--structural-only',
      ...hosts,
    ]);
    const warning = `warning: ollama host ${dead} is left out: Cannot reach the Ollama server (ECONNREFUSED); running on 1 host\n`;
    // Each side connects its own hosts, so each leaves the dead one out with its own warning.
    expect(result.stderr).toBe(warning.repeat(2));
    expect(result.code).toBe(0);
    const side = `2 (${dead.slice('http://'.length)} left out at the start; ${standIn.url.slice('http://'.length)} 3 calls)`;
    expect(result.stdout).toContain(
      'calls     baseline 3 made, 0 from the cache · variant 3 made, 0 from the cache\n' +
        `ollama hosts baseline ${side} · variant ${side}\n\n`,
    );
    expect(standIn.chatCalls()).toHaveLength(6);
  });

  it('refuses a model flag for a pack that brings its own agent', async () => {
    const result = await runCli(compare('--pack', 'date-pack', '--variant-model', 'qwen3.5:4b'), { INIT_CWD: userDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'evalpacks: --variant-model: date-pack brings its own agent, which runs both sides; compare its prompts with --variant\n',
    );
  });
});
