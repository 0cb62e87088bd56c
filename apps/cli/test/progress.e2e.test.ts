import { stripVTControlCharacters } from 'node:util';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  codeReviewArgs,
  missedFinding,
  SCRIPTED_RESULTS,
  sample,
  scriptAgent,
  scriptJudge,
} from './code-review-script.ts';
import { BIN, run, runCli, SOURCE, summaryOf, TSX, tempStore } from './run-cli.ts';

/** The last progress line of the scripted code-review run: its counts, tokens and cost are exact. */
const DONE = '3/3 cases (100%) · 2 passed, 1 failed, 0 errors · 0 in flight · 5,640 tokens · $0.0000 · ';
const PROGRESS =
  /^progress (\d)\/3 cases \((\d+)%\) · \d passed, \d failed, 0 errors · \d+ in flight · [\d,]+ tokens · \$0\.0000 · \d+s(, ETA \d+s)?$/;
const quote = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;

describe('progress of eval --domain code-review', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  });
  beforeEach(() => {
    standIn.reset();
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
  });
  afterAll(() => standIn.close());

  it('without a terminal, prints a plain line at each tenth of the cases, below the case blocks', async () => {
    const result = await runCli(codeReviewArgs(standIn.url));
    expect([result.code, result.stderr]).toEqual([1, '']);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('progress '));
    expect(lines.map((line) => PROGRESS.exec(line)?.slice(1, 3))).toEqual([
      ['1', '33'],
      ['2', '66'],
      ['3', '100'],
    ]);
    expect(lines.at(-1)).toContain(`progress ${DONE}`);
    // Each line follows a whole case block and the last comes before the summary.
    expect(result.stdout.indexOf(lines.at(-1) ?? '')).toBeLessThan(result.stdout.indexOf('Summary\n'));
    expect(result.stdout).not.toContain('\u001b[');
  });

  it('on a terminal, redraws one line in place and takes it away before the summary', async () => {
    const command = [TSX, SOURCE, BIN, ...codeReviewArgs(standIn.url), '--store', tempStore()].map(quote).join(' ');
    const result = await run('script', ['-qefc', command, '/dev/null']);
    expect(result.code).toBe(1);
    const out = result.stdout.replace(/\r/g, '');
    // Drawn first with nothing done, drawn again (after erasing the old line) as cases finish, and at the end.
    expect(out).toContain('0/3 cases (0%) · 0 passed, 0 failed, 0 errors');
    // script's pseudo-terminal is 80 columns wide: log-update wraps the line after the tokens.
    expect(out).toContain(DONE.slice(0, DONE.indexOf(' · $')));
    expect(out).toContain('\u001b[2K');
    expect(out).not.toContain('progress ');
    // Case blocks start on a line of their own, never after a half-drawn progress line.
    for (const id of ['basic-vulnerabilities', 'false-positive-bait', 'subtle-issues']) {
      expect(out).toMatch(new RegExp(`(^|\\n|\\u001b\\[G)(\\u001b\\[[0-9;]*m)*━━ ${id}`));
    }
    // The summary follows the erased line, in colour; without the colour codes it is the usual one.
    const plain = summaryOf(stripVTControlCharacters(out.slice(out.lastIndexOf('\u001b[2K'))));
    expect(plain.split('\n').slice(0, SCRIPTED_RESULTS.length)).toEqual(SCRIPTED_RESULTS);
    expect(plain).not.toContain('cases (');
  });

  it('with --quiet, prints the summary alone', async () => {
    const result = await runCli(codeReviewArgs(standIn.url, '--quiet'));
    expect([result.code, result.stderr]).toEqual([1, '']);
    expect(result.stdout.startsWith('Summary\n')).toBe(true);
    expect(summaryOf(result.stdout).split('\n').slice(0, SCRIPTED_RESULTS.length)).toEqual(SCRIPTED_RESULTS);
  });
});

describe('progress of a run on several Ollama hosts', () => {
  const open: OllamaStandIn[] = [];
  afterAll(() => Promise.all(open.map((s) => s.close())));

  it('counts the calls waiting for a host apart from those in flight once a host is taken out', async () => {
    // a and b answer after 1.5 s; c dies with its first call, which then waits for a or b to be free.
    const [a, b, c] = await Promise.all(
      [1500, 1500, 0].map((latencyMs) => startOllamaStandIn({ models: ['qwen3.5:4b'], latencyMs })),
    );
    open.push(...[a, b, c].filter((s) => s !== undefined));
    for (const s of [a, b]) scriptAgent(s as OllamaStandIn);
    c?.script({
      match: { hasFormat: false },
      reply: () => {
        setImmediate(() => void c.close());
        return { content: sample('subtle-issues'), latencyMs: 60_000 };
      },
    });
    const hosts = [a, b, c].map((s) => s?.url).join(',');
    const args = ['eval', '--domain', 'code-review', '--structural-only', '--concurrency', '1'];
    // A terminal 200 columns wide, so the line is drawn whole.
    const cli = [TSX, SOURCE, BIN, ...args, '--ollama-host', hosts, '--store', tempStore()].map(quote).join(' ');
    const result = await run('script', ['-qefc', `stty cols 200; ${cli}`, '/dev/null']);
    expect(result.code).toBe(0);
    const lines = stripVTControlCharacters(result.stdout.replace(/\r/g, ''));
    // Drawn every 250 ms while a and b hold cases 1 and 2 and case 3 waits: in flight are the two sent.
    expect(lines).toContain(
      '0/3 cases (0%) · 0 passed, 0 failed, 0 errors · 2 in flight on 2 of 3 ollama hosts, 1 waiting · 0 tokens',
    );
    expect(lines).not.toContain('3 in flight on 2 of 3 ollama hosts');
    // Once c's call went to a or b and the others were answered: one in flight, none waiting.
    expect(lines).toContain(
      '2/3 cases (66%) · 2 passed, 0 failed, 0 errors · 1 in flight on 2 of 3 ollama hosts · 2,800 tokens',
    );
  });
});
