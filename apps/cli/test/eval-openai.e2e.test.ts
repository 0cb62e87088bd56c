import { readFileSync } from 'node:fs';
import { type OpenAIStandIn, startOpenAIStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missedFinding, SCRIPTED_RESULTS, scriptAgent, scriptJudge } from './code-review-script.ts';
import { scriptContentAgent } from './content-review-script.ts';
import { openAIPlaysOllamaScripts } from './openai-plays-ollama-scripts.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';
import { roguePlans, scriptSupportDesk } from './support-tickets-script.ts';
import { scriptToolBasics } from './tool-basics-script.ts';

/** A key the stand-in insists on: it must reach the server and nowhere else. */
const KEY = 'sk-e2e-openai-secret-7f3a';
const UNKNOWN_COST =
  "  cost            unknown (agent unknown: no price for openai 'qwen3.5:4b', judge unknown: no price for openai 'judge:1b')";

describe('pnpm eval --backend openai: every pack on the OpenAI-compatible stand-in, agent and judge', () => {
  let server: OpenAIStandIn;
  const env = { OPENAI_API_KEY: KEY };
  const onServer = (...flags: string[]) => ['--backend', 'openai', '--base-url', server.baseURL, ...flags];
  const evalOn = (domain: string, store: string, ...flags: string[]) =>
    runCli(
      [
        'eval',
        '--domain',
        domain,
        ...onServer('--model', 'qwen3.5:4b', '--judge-model', 'judge:1b'),
        '--store',
        store,
        ...flags,
      ],
      env,
    );
  beforeAll(async () => {
    server = await startOpenAIStandIn({ models: ['qwen3.5:4b', 'judge:1b'], apiKey: KEY });
  });
  beforeEach(() => server.reset());
  afterAll(() => server.close());

  it('code-review: the same summary as on Ollama, the judge asked through json_schema, the key kept secret', async () => {
    const script = openAIPlaysOllamaScripts(server);
    scriptAgent(script);
    scriptJudge(script, missedFinding);
    const store = tempStore();
    const result = await evalOn('code-review', store, '--reporter', 'console,json', '--out', `${store}.reports`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`agent  openai qwen3.5:4b @ ${server.baseURL}\njudge  openai judge:1b\n`);
    expect(summaryOf(result.stdout).split('\n').slice(0, 9)).toEqual([
      ...SCRIPTED_RESULTS,
      UNKNOWN_COST,
      '  model calls     15 made, 0 from the cache',
    ]);
    const judged = server.chatCalls({ hasJsonSchema: true });
    expect(judged).toHaveLength(12);
    expect(judged.every((call) => call.body.stream === undefined && call.body.temperature === 0)).toBe(true);
    expect(server.chatCalls({ hasJsonSchema: false }).every((call) => call.body.stream === true)).toBe(true);
    expect(server.calls.every((call) => call.auth === 'valid')).toBe(true);
    // The key went over the wire only: not into the output, the store or the reports.
    expect(result.stdout).not.toContain(KEY);
    expect(readFileSync(store).includes(KEY)).toBe(false);
    expect(readFileSync(`${store}.reports/results.json`, 'utf8')).not.toContain(KEY);
  });

  it('content-review: the drafts reviewed and judged', async () => {
    const script = openAIPlaysOllamaScripts(server);
    scriptContentAgent(script);
    scriptJudge(script, 'unclear-audience', 'The review never says who the post is for.');
    const result = await evalOn('content-review', tempStore());
    expect([result.code, result.stderr]).toEqual([1, '']);
    expect(summaryOf(result.stdout).split('\n').slice(0, 7)).toEqual([
      'Summary',
      '  cases           2/3 passed (66.7%, 95% CI 20.8–93.9%)',
      '  structural      15/15 checks passed (95% CI 79.6–100.0%)',
      '  findings        6/7 caught (95% CI 45.5–97.7%)',
      '  false positives 0',
      '  judge errors    0',
      '  tokens          agent 3000 in / 1200 out, judge 1100 in / 220 out',
    ]);
  });

  it('support-tickets: the tools run for real, their results go back as tool messages', async () => {
    scriptSupportDesk(openAIPlaysOllamaScripts(server), roguePlans());
    const result = await evalOn('support-tickets', tempStore());
    expect([result.code, result.stderr]).toEqual([1, '']);
    expect(summaryOf(result.stdout).split('\n').slice(0, 6)).toEqual([
      'Summary',
      '  cases           6/14 passed (42.9%, 95% CI 21.4–67.4%)',
      '  structural      137/165 checks passed (95% CI 73.4–89.7%)',
      '  false positives 0',
      '  judge errors    0',
      '  tokens          agent 12000 in / 1320 out, judge 600 in / 120 out',
    ]);
    expect(result.stdout).toContain('  tools    issue_refund({"orderId":"ORD-1001","amount":25})\n');
    const toolTurns = server.chatCalls({ afterToolResult: true });
    expect(toolTurns.length).toBeGreaterThan(10);
    const lastToolMessage = toolTurns[0]?.body.messages?.at(-1);
    expect(lastToolMessage).toMatchObject({ role: 'tool', tool_call_id: expect.stringMatching(/^chatcmpl-tool-/) });
    expect(server.chatCalls({ hasJsonSchema: false })[0]?.body.tools?.map((t) => t.function.name)).toEqual([
      'lookup_order',
      'issue_refund',
      'escalate_to_human',
      'cancel_order',
      'update_shipping_address',
    ]);
  });

  it('tool-basics: the tutorial story, with a yes-no judge', async () => {
    scriptToolBasics(openAIPlaysOllamaScripts(server));
    const result = await evalOn('tool-basics', tempStore(), '--judge-style', 'yes-no', '--judge-always');
    expect([result.code, result.stderr]).toEqual([1, '']);
    expect(result.stdout).toContain('    RUBRIC FAILED rubric\n      No tool was called; the count was guessed.\n');
    expect(summaryOf(result.stdout).split('\n').slice(0, 6)).toEqual([
      'Summary',
      '  cases           3/4 passed (75.0%, 95% CI 30.1–95.4%)',
      '  structural      10/11 checks passed (95% CI 62.3–98.4%)',
      '  false positives 0',
      '  judge errors    0',
      '  tokens          agent 1200 in / 120 out, judge 320 in / 40 out',
    ]);
  });

  it('halves the pool on 429s and grows it back as calls succeed, reporting the concurrency reached', async () => {
    server.script({ reply: { fault: 'rate-limited', retryAfterSeconds: 0.01 }, times: 3 });
    scriptToolBasics(openAIPlaysOllamaScripts(server));
    const result = await evalOn('tool-basics', tempStore(), '--judge-style', 'yes-no', '--concurrency', '4');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('  judge errors    0\n');
    expect(result.stdout).not.toMatch(/ERROR/);
    expect(server.calls.filter((call) => call.status === 429)).toHaveLength(3);
    expect(summaryOf(result.stdout)).toContain(
      '\n  concurrency     4 at the end of 4 (lowest 2; 3 throttled responses retried)\n',
    );
  });

  it('stops before any case with one line for a model the server does not serve, or a refused key', async () => {
    const unknown = await runCli(
      ['eval', '--domain', 'code-review', ...onServer('--model', 'llama9-70b', '--structural-only')],
      env,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      `evalpacks: The server at ${server.baseURL} serves no model 'llama9-70b' (served: qwen3.5:4b, judge:1b). Fix: Pass a served model id with --model / --judge-model.\n`,
    );
    const refused = await runCli(
      ['eval', '--domain', 'code-review', ...onServer('--model', 'qwen3.5:4b', '--structural-only')],
      { OPENAI_API_KEY: 'sk-wrong-one' },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^evalpacks: The server at .* refused the API key \(HTTP 401: Incorrect API key provided\.\)\. Fix: Export OPENAI_API_KEY/,
    );
    expect(refused.stderr).not.toContain('sk-wrong-one');
    expect(server.chatCalls()).toHaveLength(0);
    const noModel = await runCli(['eval', '--domain', 'code-review', ...onServer()], env);
    expect([noModel.code, noModel.stderr]).toEqual([
      2,
      'evalpacks: the openai backend has no default model: pass --model (and --judge-model for a judge there) with an id the server serves\n',
    ]);
  });
});
