import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunResultSchema } from '@evalpacks/core';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { junitSchemaProblems, parseJunit } from './junit-schema.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';

describe('CI reporters and the pass-rate gate', () => {
  let standIn: OllamaStandIn;
  const store = tempStore();
  const out = join(store, '..', 'reports');
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
    // One case passes, one misses a finding (a failure), the bait case gets a judge that answers garbage (an error).
    scriptAgent(standIn);
    standIn.script({
      match: { hasFormat: true, contains: '<must_not_be_flagged>' },
      reply: { content: 'Looks fine <3 & "ok"' },
    });
    scriptJudge(standIn, missedFinding);
  });
  afterAll(() => standIn.close());

  const args = (...extra: string[]) => codeReviewArgs(standIn.url, '--store', store, ...extra);

  it('writes JUnit that the common schema accepts, the full JSON result and a Markdown summary', async () => {
    const result = await runCli(args('--reporter', 'junit,json', '--reporter', 'markdown', '--out', out));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    // No console reporter chosen: stdout only says where the reports went.
    expect(result.stdout).toBe(
      ['junit.xml', 'results.json', 'summary.md'].map((name) => `report ${join(out, name)}\n`).join(''),
    );

    const xml = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junitSchemaProblems(xml)).toEqual([]);
    const { testsuites } = parseJunit(xml);
    expect([testsuites.tests, testsuites.failures, testsuites.errors]).toEqual(['3', '1', '1']);
    const [suite] = testsuites.testsuite;
    expect(suite?.name).toBe('code-review.baseline');
    expect(suite?.properties.property).toContainEqual({ name: 'judge', value: 'ollama judge:1b' });
    expect(suite?.properties.property).toContainEqual({ name: 'run', value: '1' });
    const [basic, bait, subtle] = suite?.testcase ?? [];
    expect(basic?.name).toBe('basic-vulnerabilities');
    expect(basic?.failure ?? basic?.error).toBeUndefined();
    expect(subtle?.failure?.message).toMatch(new RegExp(`^steps: missed finding "${missedFinding}": `));
    expect(subtle?.failure?.type).toBe('eval-failure');
    expect(subtle?.failure?.['#text']).toContain(`MISSED ${missedFinding}: The review never discusses redelivery.`);
    expect(subtle?.failure?.['#text']).toContain(
      'CAUGHT nosql-injection: The review explains the problem and its fix.',
    );
    expect(bait?.error?.type).toBe('judge-error');
    expect(bait?.error?.message).toMatch(/^judge error on absent "absent-1": unparseable verdict .* \(and 2 more\)$/);
    expect(bait?.error?.['#text']).toContain('JUDGE ERROR');

    const json = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(json.runId).toBe('1');
    expect(json.summary.cases).toEqual({ passed: 1, total: 3 });
    const run = RunResultSchema.parse(json);
    expect(run.cases.map((c) => c.status)).toEqual(['passed', 'error', 'failed']);
    expect(run.cases[2]?.verdicts.find((v) => v.itemId === missedFinding)).toMatchObject({
      status: 'ok',
      passed: false,
      reasoning: 'The review never discusses redelivery.',
    });

    const markdown = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(markdown).toContain('## evalpacks · code-review · baseline\n\n**1/3 cases passed**');
    expect(markdown).toContain(`| ❌ | subtle-issues | 6/6 | 3/4 | 0 | steps: missed finding "${missedFinding}": `);
    expect(markdown).toContain('| ⚠️ | false-positive-bait | 6/6 | – | 0 | judge error on absent "absent-1"');
    expect(markdown).toContain(`- MISSED ${missedFinding}: The review never discusses redelivery.`);
  });

  it('gates the exit code on --min-pass-rate and prints the rate', async () => {
    const met = await runCli(args('--min-pass-rate', '0.3'));
    expect(met.code).toBe(0);
    expect(summaryOf(met.stdout)).toContain('  pass rate       33.3% (minimum 30.0%)\n');
    const missed = await runCli(args('--min-pass-rate', '50%'));
    expect(missed.code).toBe(1);
    expect(summaryOf(missed.stdout)).toContain('  pass rate       33.3% (minimum 50.0%, not met)\n');
    const wrong = await runCli(args('--min-pass-rate', '1.5'));
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('evalpacks: --min-pass-rate must be between 0 and 1 (or 0% and 100%)\n');
    const unknown = await runCli(args('--reporter', 'console,xml'));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('evalpacks: unknown --reporter "xml" (known: console, json, junit, markdown, html)\n');
  });
});
