import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evalCommand } from '../src/commands/eval.ts';
import { closedPort } from './closed-port.ts';
import { failureOf, quietIo } from './in-process.ts';
import { ROOT, runCli, summaryOf } from './run-cli.ts';

/**
 * Packs that live in a temporary folder outside the workspace, with no node_modules of their own, each
 * bringing its own agent: an in-process function, or an HTTP endpoint served by this test on loopback.
 */
const PROMPT = '# Role\nA date checker.\n\n# Expectation\nName the month.\n';
const CASES = 'name: Launch date\ninput: The launch review is on 31 February.\n';
const CHECK = `const namesMonth = defineCheck({
  id: 'names-month',
  name: 'Names the month',
  part: 'expectation',
  run: (t) => (/february/i.test(t.answer) ? { passed: true, detail: 'names February' } : { passed: false, detail: 'no month' }),
});`;

function writePack(root: string, name: string, agent: string, manifest = '{ "type": "module" }'): string {
  const dir = join(root, name);
  for (const sub of ['src', 'prompts', 'cases']) mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'package.json'), manifest);
  writeFileSync(join(dir, 'prompts', 'baseline.md'), PROMPT);
  writeFileSync(join(dir, 'cases', 'launch.yaml'), CASES);
  writeFileSync(
    join(dir, 'src', 'index.ts'),
    `import { defineCheck, definePack } from '@evalpacks/core';\n${CHECK}\n` +
      `export default definePack({ name: '${name}', description: 'outside the workspace', ` +
      `root: new URL('..', import.meta.url), checks: [namesMonth], agent: ${agent} });\n`,
  );
  return dir;
}

let outside: string;
let agentServer: Server;
let agentUrl: string;
const agentRequests: unknown[] = [];
let standIn: OllamaStandIn;

beforeAll(async () => {
  outside = mkdtempSync(join(tmpdir(), 'evalpacks-outside-'));
  agentServer = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    agentRequests.push(JSON.parse(body));
    const { input } = JSON.parse(body) as { input: string };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ answer: `31 February does not exist: "${input}"`, turns: 2, usage: { input: 40, output: 9 } }),
    );
  });
  await new Promise<void>((resolve) => agentServer.listen(0, '127.0.0.1', resolve));
  agentUrl = `http://127.0.0.1:${(agentServer.address() as AddressInfo).port}/review`;
  standIn = await startOllamaStandIn({ models: ['judge:1b'] });
});
beforeEach(() => {
  standIn.reset();
  agentRequests.length = 0;
});
afterAll(async () => {
  await new Promise((resolve) => agentServer.close(resolve));
  await standIn.close();
  rmSync(outside, { recursive: true, force: true });
});

describe('pnpm eval --pack PATH with the pack bringing its own agent', () => {
  it('runs a pack outside the workspace whose agent is an in-process function, without Ollama', async () => {
    expect(outside.startsWith(ROOT)).toBe(false);
    const dir = writePack(
      outside,
      'function-pack',
      'async function dateChecker() { return "There is no 31 February."; }',
    );
    // Nothing listens at this Ollama host: a run that touched Ollama would fail.
    const noOllama = `http://127.0.0.1:${await closedPort()}`;
    const result = await runCli(['eval', '--pack', dir, '--structural-only', '--ollama-host', noOllama]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('evalpacks · function-pack · variant baseline · 1 case\n');
    expect(result.stdout).toContain("agent  function dateChecker (the pack's own)\n");
    expect(result.stdout).toContain('PASS Names the month [expectation] — names February');
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           1/1 passed (100.0%, 95% CI 20.7–100.0%)',
        '  structural      1/1 checks passed (95% CI 20.7–100.0%)',
        '  tokens          agent 0 in / 0 out, judge 0 in / 0 out',
        "  cost            unknown (agent unknown: no price for function 'dateChecker', judge $0)",
        '  model calls     0 made, 0 from the cache',
      ].join('\n'),
    );
  });

  it('runs a pack whose agent is an HTTP endpoint, asking Ollama only for the judge', async () => {
    const dir = writePack(outside, 'http-pack', '{ url: process.env.DATE_AGENT_URL ?? "" }');
    standIn.script({
      match: { hasFormat: true },
      reply: { content: '{"reasoning":"ok","caught":true}', promptTokens: 100, outputTokens: 20 },
    });
    writeFileSync(
      join(dir, 'cases', 'launch.yaml'),
      `${CASES}expectedFindings:\n  - id: impossible-date\n    description: February has no 31st\n    severity: high\n`,
    );
    const result = await runCli(['eval', '--pack', dir, '--ollama-host', standIn.url, '--judge-model', 'judge:1b'], {
      DATE_AGENT_URL: agentUrl,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`agent  http ${agentUrl} (the pack's own)\n`);
    expect(result.stdout).toContain('answer   31 February does not exist: "The launch review is on 31 February."');
    expect(summaryOf(result.stdout)).toBe(
      [
        'Summary',
        '  cases           1/1 passed (100.0%, 95% CI 20.7–100.0%)',
        '  structural      1/1 checks passed (95% CI 20.7–100.0%)',
        '  findings        1/1 caught (95% CI 20.7–100.0%)',
        '  false positives 0',
        '  judge errors    0',
        '  tokens          agent 40 in / 9 out, judge 100 in / 20 out',
        `  cost            unknown (agent unknown: no price for http '${agentUrl}', judge $0)`,
        '  model calls     1 made, 0 from the cache',
      ].join('\n'),
    );
    expect(agentRequests).toEqual([
      {
        caseId: 'launch',
        epoch: 0,
        systemPrompt: PROMPT,
        input: 'The launch review is on 31 February.',
        maxTurns: 6,
      },
    ]);
    // The stand-in saw the judge's call and no agent call.
    expect(standIn.chatCalls({ hasFormat: false })).toHaveLength(0);
    expect(standIn.chatCalls({ hasFormat: true })).toHaveLength(1);
  });

  it('stops with a one-line fix when the HTTP agent is unreachable', async () => {
    const dir = writePack(outside, 'dead-pack', '{ url: process.env.DATE_AGENT_URL ?? "" }');
    const dead = `http://127.0.0.1:${await closedPort()}/review`;
    const result = await runCli(['eval', '--pack', dir, '--structural-only'], { DATE_AGENT_URL: dead });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `evalpacks: Cannot reach the agent at ${dead} (ECONNREFUSED). Fix: Start the agent's server, or correct the url in the pack's \`agent\` option.\n`,
    );
  });

  it('exits 2 with one line for a pack whose agent option is invalid', async () => {
    const dir = writePack(outside, 'bad-agent-pack', '{ url: "ftp://example.test/agent" }');
    const result = await runCli(['eval', '--pack', dir, '--structural-only']);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      2,
      '',
      `evalpacks: cannot load the pack at ${join(dir, 'src', 'index.ts')}: pack "bad-agent-pack": agent.url: must be an http:// or https:// url\n`,
    ]);
  });

  it.each([
    ['a folder that does not exist', () => join(outside, 'nope'), (p: string) => `--pack ${p}: no such folder or file`],
    [
      'a folder without src/index.ts',
      () => {
        mkdirSync(join(outside, 'empty'), { recursive: true });
        return join(outside, 'empty');
      },
      (p: string) => `--pack ${p}: no src/index.ts in it (a pack folder has src/index.ts, prompts/ and cases/)`,
    ],
    [
      'a folder whose package.json is not an ES module',
      () => writePack(outside, 'cjs-pack', '() => "x"', '{ "name": "cjs-pack" }'),
      (p: string) =>
        `--pack: ${join(p, 'src', 'index.ts')} would load as CommonJS; add "type": "module" to ${join(p, 'package.json')}`,
    ],
  ])('refuses %s', async (_, make, message) => {
    const path = make();
    expect(await failureOf(() => evalCommand({ pack: path, structuralOnly: true }, quietIo))).toBe(
      `evalpacks: ${message(path)}`,
    );
  });
});
