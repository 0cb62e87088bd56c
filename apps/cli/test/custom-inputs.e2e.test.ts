import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evalCommand } from '../src/commands/eval.ts';
import { contentFixture } from './content-review-script.ts';
import { failureOf, quietIo } from './in-process.ts';
import { runCli, summaryOf } from './run-cli.ts';

const codeReviewSample = readFileSync(
  new URL('./packs/code-review/samples/basic-vulnerabilities.review.md', import.meta.url),
  'utf8',
);

/** Per pack: two cases of its own shape, a review that passes its checks, and the structural summary line. */
const PACKS = [
  {
    pack: 'code-review',
    structural: '12/12 checks passed (95% CI 75.8–100.0%)',
    answer: codeReviewSample,
    cases: [
      {
        id: 'orders-lookup',
        name: 'Orders lookup',
        input: "export const handler = async (e) => ddb.send(new ScanCommand({ TableName: 'orders' }));",
        expectedFindings: [
          { id: 'full-scan', description: 'Scans the whole table', severity: 'medium', keywords: ['Scan'] },
          { id: 'no-auth', description: 'Returns every order to anyone', severity: 'critical', keywords: ['auth'] },
        ],
        expectedAbsent: ['the table name literal as hardcoded configuration'],
      },
      {
        id: 'ping',
        name: 'Ping',
        input: "export const handler = async () => ({ statusCode: 200, body: 'pong' });",
        expectedFindings: [
          { id: 'no-logging', description: 'Logs nothing', severity: 'low', keywords: ['log'] },
          { id: 'no-cors', description: 'No CORS header', severity: 'medium', keywords: ['CORS'] },
        ],
      },
    ],
  },
  {
    pack: 'content-review',
    structural: '10/10 checks passed (95% CI 72.2–100.0%)',
    answer: contentFixture('incomplete-tutorial').answer,
    cases: [
      {
        id: 'rust-intro',
        name: 'Rust intro',
        input: '# Hello Rust\n\nRun `cargo new hello` and you are done.',
        expectedFindings: [
          { id: 'no-install', description: 'Never says to install Rust', severity: 'high', keywords: ['rustup'] },
          { id: 'no-run-step', description: 'Never runs the program', severity: 'medium', keywords: ['cargo run'] },
        ],
        expectedAbsent: ['the one-line style of the post as too short'],
      },
      {
        id: 'git-tip',
        name: 'Git tip',
        input: '# Undo a commit\n\nUse `git reset --soft HEAD~1`.',
        expectedFindings: [
          { id: 'flag-unexplained', description: 'Never explains --soft', severity: 'medium', keywords: ['--soft'] },
          { id: 'no-pushed-warning', description: 'No warning for pushed commits', severity: 'high', keywords: [] },
        ],
      },
    ],
  },
];

let dir: string;
let standIn: OllamaStandIn;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'evalpacks-inputs-'));
  standIn = await startOllamaStandIn({ models: ['qwen3.5:4b'] });
});
beforeEach(() => standIn.reset());
afterAll(async () => {
  await standIn.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

describe.each(PACKS)('--prompt and --test-case for $pack', ({ pack, structural, answer, cases }) => {
  it('runs the cases of the file with the prompt of the file, paths relative to where pnpm was called', async () => {
    write(`${pack}-cases.json`, JSON.stringify(cases, null, 2));
    const prompt = write(`${pack}-strict.md`, '# Role\nA strict reviewer.\n\n# Steps\n1. Read it all.\n');
    standIn.script({ match: { hasFormat: false }, reply: { content: answer, promptTokens: 10, outputTokens: 5 } });
    standIn.script({
      match: { hasFormat: true, contains: '<must_not_be_flagged>' },
      reply: { content: '{"reasoning":"r","flagged":false}' },
    });
    standIn.script({ match: { hasFormat: true }, reply: { content: '{"reasoning":"r","caught":true}' } });
    const args = ['--test-case', `${pack}-cases.json`, '--prompt', `${pack}-strict.md`, '--ollama-host', standIn.url];
    const result = await runCli(['eval', '--domain', pack, ...args], { INIT_CWD: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`evalpacks · ${pack} · variant ${pack}-strict · 2 cases\n`);
    expect(summaryOf(result.stdout).split('\n').slice(0, 5)).toEqual([
      'Summary',
      '  cases           2/2 passed (100.0%, 95% CI 34.2–100.0%)',
      `  structural      ${structural}`,
      '  findings        4/4 caught (95% CI 51.0–100.0%)',
      '  false positives 0',
    ]);
    for (const call of standIn.chatCalls({ hasFormat: false })) {
      expect(call.body.messages?.[0]?.content).toBe(readFileSync(prompt, 'utf8'));
    }
    const judged = standIn
      .chatCalls({ hasFormat: true })
      .map((call) => /<issue id="([^"]+)"/.exec(call.body.messages?.[1]?.content ?? '')?.[1] ?? 'absent');
    expect(judged.sort()).toEqual([...cases.flatMap((c) => c.expectedFindings.map((f) => f.id)), 'absent'].sort());
  });

  it('exits 2 with one line naming file, line and field for a case that breaks the case shape', async () => {
    const text = JSON.stringify(
      [{ ...cases[0], expectedFindings: [{ id: 'x', description: 'd', severity: 'urgent' }] }],
      null,
      2,
    );
    const line = text.split('\n').findIndex((l) => l.includes('"severity": "urgent"')) + 1;
    const file = write(`${pack}-bad.json`, text);
    const result = await runCli(['eval', '--domain', pack, '--test-case', file, '--ollama-host', standIn.url]);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      2,
      '',
      `evalpacks: ${file}:${line}: field "expectedFindings.0.severity": Invalid option: expected one of "critical"|"high"|"medium"|"low"\n`,
    ]);
    expect(standIn.calls).toHaveLength(0);
  });

  it.each([
    [
      'a case without input',
      () => [{ id: 'x', name: 'X' }],
      '{',
      'field "input": Invalid input: expected string, received undefined',
    ],
    [
      'expectedAbsent as one string',
      (c: object[]) => [{ ...c[0], expectedAbsent: 'nothing' }],
      '"expectedAbsent": "nothing"',
      'field "expectedAbsent": Invalid input: expected array, received string',
    ],
    [
      'a finding id with spaces',
      (c: object[]) => [{ ...c[0], expectedFindings: [{ id: 'no auth', description: 'd', severity: 'low' }] }],
      '"id": "no auth"',
      'field "expectedFindings.0.id": use lowercase letters, digits and dashes (e.g. "ssn-exposure")',
    ],
  ])('refuses a case file with %s, naming file, line and field', async (_, content, where, message) => {
    const text = JSON.stringify(content(cases), null, 2);
    const line = text.split('\n').findIndex((l) => l.trim().startsWith(where)) + 1;
    const file = write(`${pack}-bad.json`, text);
    const failure = await failureOf(() => evalCommand({ domain: pack, testCase: [file] }, quietIo));
    expect(failure).toBe(`evalpacks: ${file}:${line}: ${message}`);
  });

  it('refuses a case file that is not valid JSON, naming the line', async () => {
    const file = write(`${pack}-broken.json`, '[\n  { "id": "x",\n    "name": }\n]\n');
    const failure = await failureOf(() => evalCommand({ domain: pack, testCase: [file] }, quietIo));
    expect(failure).toMatch(new RegExp(`^evalpacks: ${file}:3: [^\n]+$`));
  });

  it('refuses a missing case file and a missing or empty prompt file', async () => {
    const missing = join(dir, 'nope.json');
    const empty = write('empty.md', '  \n');
    expect(await failureOf(() => evalCommand({ domain: pack, testCase: [missing] }, quietIo))).toBe(
      `evalpacks: ${missing}: cannot read: ENOENT`,
    );
    expect(await failureOf(() => evalCommand({ domain: pack, prompt: join(dir, 'nope.md') }, quietIo))).toBe(
      `evalpacks: cannot read prompt file ${join(dir, 'nope.md')}: ENOENT`,
    );
    expect(await failureOf(() => evalCommand({ domain: pack, prompt: empty }, quietIo))).toBe(
      `evalpacks: prompt file ${empty} is empty`,
    );
  });
});
