import { fileURLToPath } from 'node:url';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { judgedEvalArgs } from './ollama-stand-in.ts';
import { runCli, summaryOf } from './run-cli.ts';
import { scriptToolBasics } from './tool-basics-script.ts';

const evalBasics = (standIn: OllamaStandIn, ...flags: string[]) =>
  runCli(judgedEvalArgs('tool-basics', standIn.url, '--judge-style', 'yes-no', ...flags));

describe('pnpm eval --domain tool-basics: the tutorial story on the Ollama stand-in', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  });
  beforeEach(() => {
    standIn.reset();
    scriptToolBasics(standIn);
  });
  afterAll(() => standIn.close());

  it('passes 3 of 4 with the baseline prompt when the model obeys "avoid tool use"', async () => {
    const result = await evalBasics(standIn, '--judge-always');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('judge  ollama judge:1b (yes-no questions)\n');
    expect(result.stdout).toMatch(/━━ avoid-tool-use .* {2}FAIL\n.*\n {2}tools {4}none\n/);
    expect(result.stdout).toContain('    RUBRIC FAILED rubric\n      No tool was called; the count was guessed.\n');
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           3/4 passed (75.0%, 95% CI 30.1–95.4%)',
        '  structural      10/11 checks passed (95% CI 62.3–98.4%)',
        '  false positives 0',
        '  judge errors    0',
        '  tokens          agent 1200 in / 120 out, judge 320 in / 40 out',
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     10 made, 0 from the cache',
        '',
        'Suggestions',
        '  Steps       avoid-tool-use: word_count must be called; it was not (no tool was called) — make the steps explicit about it',
        '  Expectation avoid-tool-use: rubric not met: No tool was called; the count was guessed.',
      ].join('\n'),
    );
    // The judge was asked the simple form: reasoning then YES or NO.
    const judgeCall = standIn.chatCalls({ hasFormat: true })[0];
    expect(judgeCall?.body.format).toMatchObject({ properties: { answer: { enum: ['YES', 'NO'] } } });
  });

  it('passes 4 of 4 with the strict prompt, which makes the model use the tool anyway', async () => {
    const result = await evalBasics(standIn, '--variant', 'strict');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /━━ avoid-tool-use .* {2}PASS\n.*\n {2}tools {4}word_count\(\{"text":"Evals catch quiet agent regressions"\}\)\n/,
    );
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           4/4 passed (100.0%, 95% CI 51.0–100.0%)',
        '  structural      11/11 checks passed (95% CI 74.1–100.0%)',
        '  false positives 0',
        '  judge errors    0',
        '  tokens          agent 1400 in / 140 out, judge 320 in / 40 out',
        '  cost            $0 estimated (agent $0, judge $0)',
        '  model calls     11 made, 0 from the cache',
      ].join('\n'),
    );
  });

  it('rejects a case file in the tutorial format with a wrong field, naming file, line and field, exit 2', async () => {
    const file = fileURLToPath(new URL('data/bad-tutorial.json', import.meta.url));
    const result = await evalBasics(standIn, '--test-case', file);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `evalpacks: ${file}:10: field "expected_keyword": Invalid input: expected string, received number\n`,
    );
  });
});
