import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EvalStore } from '@evalpacks/store';
import { type ChatRequest, type ModelSpec, type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { contentFixture } from './content-review-script.ts';
import { VERDICTS } from './judge-script.ts';
import { judgedEvalArgs } from './ollama-stand-in.ts';
import { type CliResult, ROOT, runCli, summaryOf, tempStore } from './run-cli.ts';
import { scriptToolBasics } from './tool-basics-script.ts';

/** Ollama as it really behaves, through the CLI as a user runs it: one stand-in per test, closed after it. */
const open: OllamaStandIn[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function ollama(models: (string | ModelSpec)[], more: Parameters<typeof startOllamaStandIn>[0] = {}) {
  const standIn = await startOllamaStandIn({ models, ...more });
  open.push(standIn);
  return standIn;
}

const WELL_WRITTEN = join(ROOT, 'apps/cli/test/packs/content-review/cases/well-written.yaml');
const wellWritten = contentFixture('well-written');

/** A content-review draft of about 7,700 tokens: longer than Ollama's default 4,096-token context. */
function longDraftFile(): string {
  const paragraph = `${wellWritten.input.trim()}\n\n`;
  const input = paragraph.repeat(Math.ceil(30_000 / paragraph.length));
  const file = join(mkdtempSync(join(tmpdir(), 'evalpacks-long-')), 'long-draft.json');
  writeFileSync(file, JSON.stringify([{ id: 'long-draft', name: 'Long draft', input }]));
  return file;
}

const evalContent = (standIn: OllamaStandIn, ...flags: string[]) =>
  runCli(['eval', '--domain', 'content-review', '--ollama-host', standIn.url, ...flags]);

/**
 * A second run over the same store, answered wholly from the call cache: no chat request, and the same
 * console report as the live run but for what the cache saved (tokens, cost, the calls line).
 */
async function replayed(standIn: OllamaStandIn, live: CliResult, run: Promise<CliResult>): Promise<CliResult> {
  const made = standIn.chatCalls().length;
  const replay = await run;
  expect(replay.stderr).toBe('');
  expect(standIn.chatCalls()).toHaveLength(made);
  // What differs is what a replay does not spend: tokens, time, the calls line; and the run's number.
  const unspent = (stdout: string) =>
    stdout
      .replace(/^ {2}(tokens|cost|model calls) .*$/gm, '')
      .replace(/· [\d,]+ tokens ·/g, '· tokens ·')
      .replace(/\d+(\.\d+)? ?m?s\b/g, '')
      .replace(/^run {4}\d+ ·/m, 'run ·');
  expect(unspent(replay.stdout)).toBe(unspent(live.stdout));
  return replay;
}

/** Whether the store's two runs hold the same transcripts, but for what the replay did not spend (tokens, time). */
function sameTranscripts(store: string): boolean {
  const history = EvalStore.open(store);
  const unspent = (run: number) =>
    history.caseResults(run).map(({ transcript }) => ({ ...transcript, usage: { input: 0, output: 0 }, latencyMs: 0 }));
  const same = JSON.stringify(unspent(1)) === JSON.stringify(unspent(2));
  history.close();
  return same;
}

/** The one line the console prints for a case's agent error. */
const agentError = (stdout: string) => /^ {2}agent error (.*)$/m.exec(stdout)?.[1];

describe('context window', () => {
  it('sends a draft longer than the default context with a num_ctx that fits it', async () => {
    const standIn = await ollama(['qwen3.5:4b']);
    standIn.script({ reply: { content: wellWritten.answer } });
    const result = await evalContent(standIn, '--test-case', longDraftFile(), '--structural-only');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`agent  ollama qwen3.5:4b @ ${standIn.url} · num_ctx auto\n`);
    expect(agentError(result.stdout)).toBeUndefined();
    const [call] = standIn.chatCalls();
    const numCtx = call?.body.options?.num_ctx as number;
    expect(call?.seen).toMatchObject({ cut: false, droppedMessages: 0, numCtx });
    // Room for the whole prompt and the 8192-token answer budget, in 2048-token steps, within the model's 32768.
    expect(numCtx % 2048).toBe(0);
    expect(numCtx).toBeGreaterThanOrEqual((call?.seen?.sentTokens ?? 0) + 8192);
    expect(numCtx).toBeLessThanOrEqual(32768);
    expect(call?.seen?.sentTokens).toBeGreaterThan(4096);
  });

  it('refuses a prompt longer than the model context as an agent error naming both sizes', async () => {
    const standIn = await ollama([{ name: 'qwen3.5:4b', contextLength: 4096 }]);
    standIn.script({ reply: { content: 'never sent' } });
    const result = await evalContent(standIn, '--test-case', longDraftFile(), '--structural-only');
    expect(result.code).toBe(1);
    expect(agentError(result.stdout)).toMatch(
      /^the prompt needs about \d{4} tokens but qwen3\.5:4b's context holds 4096; shorten the input or use a model with a longer context$/,
    );
    expect(standIn.chatCalls()).toHaveLength(0);
  });

  it('reports a server that truncates anyway as truncation, not as a pass or a fail', async () => {
    const standIn = await ollama(['qwen3.5:4b'], { ignoreNumCtx: true });
    standIn.script({ reply: { content: wellWritten.answer } });
    const store = tempStore();
    const result = await evalContent(standIn, '--test-case', longDraftFile(), '--structural-only', '--store', store);
    expect(result.code).toBe(1);
    expect(agentError(result.stdout)).toMatch(
      /^the server truncated the prompt to 2050 tokens \(about \d{4} were sent with num_ctx \d+; the model runs with a 4096-token context\)/,
    );
    expect(summaryOf(result.stdout)).toContain('  cases           0/1 passed, 1 with errors');
    const history = EvalStore.open(store);
    expect(history.caseResults(1)[0]?.transcript.promptTruncatedTo).toBe(2050);
    history.close();
    // An answer to a cut prompt is never cached: the next run asks again, and finds the server cutting again.
    const again = await evalContent(standIn, '--test-case', longDraftFile(), '--structural-only', '--store', store);
    expect(standIn.chatCalls()).toHaveLength(2);
    expect(agentError(again.stdout)).toBe(agentError(result.stdout));
  });
});

describe('cut-off answers', () => {
  it('shows a cut-off agent answer as such on its case, with the fix, and again when replayed from the cache', async () => {
    const standIn = await ollama(['qwen3.5:4b']);
    standIn.script({ reply: { content: wellWritten.answer, outputTokens: 9000 } });
    const store = tempStore();
    const args = ['--test-case', WELL_WRITTEN, '--structural-only', '--store', store];
    const result = await evalContent(standIn, ...args);
    expect(result.code).toBe(1);
    expect(agentError(result.stdout)).toBe(
      'the answer was cut off at the 8192-token output limit (done_reason "length"); raise --max-tokens or --num-ctx',
    );
    expect(standIn.chatCalls()[0]?.body.options?.num_predict).toBe(8192);
    const replay = await replayed(standIn, result, evalContent(standIn, ...args));
    expect(replay.code).toBe(1);
    expect(agentError(replay.stdout)).toBe(agentError(result.stdout));
    expect(sameTranscripts(store)).toBe(true);
  });

  it('records a cut-off verdict as a judge error naming the cause, not a judge-model problem', async () => {
    const standIn = await ollama(['qwen3.5:4b', 'judge:1b']);
    standIn.script({ match: { hasFormat: false }, reply: { content: wellWritten.answer } });
    standIn.script({
      match: { hasFormat: true },
      reply: { content: '{"reasoning":"The review', outputTokens: 20_000 },
    });
    const store = tempStore();
    const args = ['--test-case', WELL_WRITTEN, '--judge-model', 'judge:1b', '--store', store];
    const result = await evalContent(standIn, ...args);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'the judge answer was cut off at its output limit (stop reason "length"); a thinking judge can use it all up: try --judge-think off',
    );
    expect(result.stdout).not.toContain('try a larger --judge-model');
    const replay = await replayed(standIn, result, evalContent(standIn, ...args));
    expect(replay.code).toBe(1);
  });
});

describe('transient failures', () => {
  it('ends with every case judged when every third call is busy and one resets, and counts the retries', async () => {
    const standIn = await ollama(['qwen3.5:4b', 'judge:1b']);
    const faults = { agent: 0, judge: 0 };
    const role = (req: ChatRequest) => (req.format ? 'judge' : 'agent');
    /** Counts the fault against the role whose call it hit, then plays it. */
    const fault = (kind: 'reset' | 'busy') => (req: ChatRequest) => {
      faults[role(req)] += 1;
      return { fault: kind };
    };
    standIn.script({ match: { hasFormat: false }, reply: fault('reset'), times: 1 });
    let n = 0;
    standIn.script({ match: () => ++n % 3 === 0, reply: fault('busy') });
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const result = await runCli(codeReviewArgs(standIn.url));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const summary = summaryOf(result.stdout);
    expect(summary).toContain('  cases           2/3 passed (66.7%, 95% CI 20.8–93.9%)');
    expect(summary).toContain('  findings        8/9 caught');
    expect(summary).toContain('  judge errors    0');
    expect(summary).not.toContain('agent errors');
    expect(faults.agent + faults.judge).toBeGreaterThan(3);
    expect(summary).toContain(`  retries         agent ${faults.agent}, judge ${faults.judge}\n`);
  });
});

describe('thinking', () => {
  it('keeps the agent thinking on the transcript and never shows it to the judge', async () => {
    const standIn = await ollama(['qwen3.5:4b', 'judge:1b']);
    const thinking = 'PRIVATE-REASONING: the voice is informal but that is not my business.';
    standIn.script({ match: { hasFormat: false }, reply: { thinking, content: wellWritten.answer } });
    standIn.script({ match: { hasFormat: true }, reply: { content: JSON.stringify(VERDICTS.notFlagged) } });
    const store = tempStore();
    const args = ['--test-case', WELL_WRITTEN, '--judge-model', 'judge:1b', '--think', 'high', '--store', store];
    const result = await evalContent(standIn, ...args);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(standIn.chatCalls({ hasFormat: false })[0]?.body.think).toBe('high');
    const judged = standIn.chatCalls({ hasFormat: true });
    expect(judged.length).toBeGreaterThan(0);
    for (const call of judged) expect(JSON.stringify(call.body.messages)).not.toContain('PRIVATE-REASONING');
    const history = EvalStore.open(store);
    expect(history.caseResults(1)[0]?.transcript.thinking).toBe(thinking);
    history.close();
    const replay = await replayed(standIn, result, evalContent(standIn, ...args));
    expect(replay.code).toBe(0);
    expect(sameTranscripts(store)).toBe(true);
  });
});

describe('capabilities preflight', () => {
  it('stops a tool pack on a model without tools with one line and exit 2', async () => {
    const standIn = await ollama([{ name: 'qwen3.5:4b', capabilities: ['completion'] }, 'judge:1b']);
    scriptToolBasics(standIn);
    const result = await runCli(judgedEvalArgs('tool-basics', standIn.url));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "evalpacks: qwen3.5:4b cannot call tools (Ollama lists its capabilities as: completion), and this pack's agent needs them. Fix: Pass a --model whose `ollama show` lists tools (qwen3.5:4b, llama3.1:8b, ...).\n",
    );
    expect(standIn.chatCalls()).toHaveLength(0);
  });
});
