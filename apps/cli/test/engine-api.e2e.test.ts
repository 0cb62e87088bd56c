import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EvalStore } from '@evalpacks/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compare, type EngineEvent, EvalpacksError, evaluate } from '../src/index.ts';
import { cases, codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { scriptV2Comparison } from './compare-script.ts';
import { judgedCompareArgs, useOllamaStandIn } from './ollama-stand-in.ts';
import { runCli, summaryOf, tempStore } from './run-cli.ts';

const PACK = fileURLToPath(new URL('packs/code-review', import.meta.url));

/** Text written to an io, for comparing with what the CLI prints. */
function capture() {
  const chunks: string[] = [];
  return { io: { write: (chunk: string) => void chunks.push(chunk) }, text: () => chunks.join('') };
}

const countOf = (events: EngineEvent[], type: EngineEvent['type']) => events.filter((e) => e.type === type).length;

describe('the engine API against the Ollama stand-in', () => {
  const standIn = useOllamaStandIn();
  const judged = () => ({ domain: 'code-review', ollamaHost: standIn.url, judgeModel: 'judge:1b' });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('evaluate() gives the run id, exit code and pass/fail the CLI gives for the same run, and prints nothing', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const cli = await runCli(codeReviewArgs(standIn.url));
    expect([cli.code, cli.stderr]).toEqual([1, '']);
    expect(cli.stdout).toMatch(/^run {4}1 · /m);

    const stdout = vi.spyOn(process.stdout, 'write');
    const store = tempStore();
    const events: EngineEvent[] = [];
    const result = await evaluate({ ...judged(), store, onEvent: (event) => events.push(event) });
    expect(stdout.mock.calls.filter(([text]) => String(text).includes('evalpacks'))).toEqual([]);

    expect(result).toMatchObject({ runId: 1, exitCode: 1, passed: false, storePath: store, reports: [] });
    expect(result.cases).toEqual({ passed: 2, structuralOnly: 0, failed: 1, errors: 0, total: 3 });
    expect(result.passRate).toBeCloseTo(2 / 3, 10);
    expect([result.notStarted, result.flaky, result.grade.policy]).toEqual([0, 0, 'majority']);
    expect(result.grade.suggestions.map((s) => s.caseId)).toEqual(['subtle-issues']);
    const stored = EvalStore.open(store);
    try {
      expect(stored.run(1)).toMatchObject({ pack: 'code-review', status: 'completed' });
    } finally {
      stored.close();
    }

    expect(events[0]).toEqual({
      type: 'run-started',
      runId: 1,
      pack: 'code-review',
      variant: 'baseline',
      cases: 3,
      epochs: 1,
      results: 3,
      savedBefore: 0,
    });
    expect(events.at(-1)).toEqual({ type: 'run-finished', runId: 1, exitCode: 1, passed: false });
    const done = events.flatMap((e) => (e.type === 'case-done' ? [`${e.caseId}#${e.epoch} ${e.status}`] : []));
    expect(done.sort()).toEqual(cases.map((c) => `${c.id}#0 ${c.id === 'subtle-issues' ? 'failed' : 'passed'}`).sort());
    // 3 agent calls and 12 judge calls, each sent and answered; none from the cache, none retried.
    expect(countOf(events, 'call-sent')).toBe(15);
    expect(events.filter((e) => e.type === 'call-answered' && !e.cached)).toHaveLength(15);
    expect(events.filter((e) => e.type === 'call-sent' && e.role === 'judge' && e.model === 'judge:1b')).toHaveLength(
      12,
    );
    expect(countOf(events, 'retry') + countOf(events, 'call-failed') + countOf(events, 'warning')).toBe(0);
  });

  it('writes the console reporter to the io it is given: the summary the CLI prints, under the run it names', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const cli = await runCli(codeReviewArgs(standIn.url));
    const out = capture();
    const result = await evaluate({ ...judged(), store: tempStore(), reporter: ['console'], io: out.io });
    expect(summaryOf(out.text())).toBe(summaryOf(cli.stdout));
    expect(out.text()).toMatch(new RegExp(`^run {4}${result.runId} · `, 'm'));
  });

  it('answers an unchanged re-run from the cache: events say so, the run gets the next number, file reports are written', async () => {
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const store = tempStore();
    await evaluate({ ...judged(), store });
    const events: EngineEvent[] = [];
    const out = join(dirname(store), 'reports');
    const again = await evaluate({ ...judged(), store, reporter: 'json,junit', out, onEvent: (e) => events.push(e) });
    expect([again.runId, again.exitCode]).toEqual([2, 1]);
    expect(again.reports).toEqual([join(out, 'results.json'), join(out, 'junit.xml')]);
    expect(again.reports.filter((file) => !existsSync(file))).toEqual([]);
    expect(countOf(events, 'call-sent')).toBe(0);
    expect(events.filter((e) => e.type === 'call-answered' && e.cached)).toHaveLength(15);
  });

  it('tells of each retry a backend makes', async () => {
    standIn.script({ match: { hasFormat: false }, reply: { fault: 'busy' }, times: 1 });
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const events: EngineEvent[] = [];
    const result = await evaluate({ ...judged(), store: tempStore(), onEvent: (event) => events.push(event) });
    expect(result.exitCode).toBe(1);
    expect(events.filter((e) => e.type === 'retry')).toEqual([{ type: 'retry', backend: 'ollama' }]);
  });

  it('evaluates a pack folder offline with no model: its structural checks only, exit 0 as the CLI', async () => {
    const result = await evaluate({ pack: PACK, offline: true, store: tempStore() });
    expect(result).toMatchObject({ exitCode: 0, passed: true });
    expect(result.cases).toEqual({ passed: 0, structuralOnly: 3, failed: 0, errors: 0, total: 3 });
    const cli = await runCli(['eval', '--pack', PACK, '--offline']);
    expect([cli.code, cli.stderr]).toEqual([0, '']);
  });

  it('reads relative paths from the working directory, wherever pnpm was started (INIT_CWD)', async () => {
    vi.stubEnv('INIT_CWD', tmpdir());
    const store = tempStore();
    const from = (path: string) => relative(process.cwd(), path);
    const result = await evaluate({ pack: from(PACK), offline: true, store: from(store) });
    expect([result.exitCode, result.cases.total, result.storePath]).toEqual([0, 3, store]);
  });

  it('compare() gives the verdict, exit code and runs the CLI gives, and the same report on an io', async () => {
    scriptV2Comparison(standIn);
    const cliStore = tempStore();
    const cli = await runCli(judgedCompareArgs('code-review', standIn.url, '--variant', 'v2', '--store', cliStore));
    expect([cli.code, cli.stderr]).toEqual([0, '']);
    const store = tempStore();
    const out = capture();
    const events: EngineEvent[] = [];
    const result = await compare({
      ...judged(),
      variant: 'v2',
      store,
      io: out.io,
      onEvent: (event) => events.push(event),
    });
    expect(result).toMatchObject({
      exitCode: 0,
      verdict: 'no detectable difference',
      baselineRunId: 1,
      variantRunId: 2,
      storePath: store,
    });
    expect(out.text()).toBe(cli.stdout.replaceAll(cliStore, store));
    const started = events.flatMap((e) => (e.type === 'run-started' ? [`${e.side} ${e.runId} ${e.variant}`] : []));
    expect(started).toEqual(['baseline 1 baseline', 'variant 2 v2']);
    expect(events.filter((e) => e.type === 'case-done' && e.side === 'variant')).toHaveLength(3);
  });
});

describe('the engine API on bad options', () => {
  /** The error evaluate() rejects with, and the line and exit code of the CLI given the same flags. */
  async function bothWays(options: Parameters<typeof evaluate>[0], flags: string[]) {
    const error = await evaluate(options).then(
      () => undefined,
      (e: unknown) => e,
    );
    const cli = await runCli(['eval', ...flags]);
    return { error, cli: { code: cli.code, stderr: cli.stderr.trimEnd() } };
  }

  it.each([
    [{ domain: 'code-review', pack: PACK }, ['--domain', 'code-review', '--pack', PACK]],
    [{ domain: 'code-review', concurrency: 0 }, ['--domain', 'code-review', '--concurrency', '0']],
    [{ domain: 'code-review', minPassRate: '120%' }, ['--domain', 'code-review', '--min-pass-rate', '120%']],
    [{ domain: 'no-such-pack' }, ['--domain', 'no-such-pack']],
    [{}, []],
  ])('rejects %j with exit code 2 and the line the CLI prints', async (options, flags) => {
    const { error, cli } = await bothWays(options, flags);
    expect(error).toBeInstanceOf(EvalpacksError);
    expect(cli.code).toBe(2);
    expect(`evalpacks: ${(error as EvalpacksError).message}`).toBe(cli.stderr);
    expect([(error as EvalpacksError).exitCode, (error as EvalpacksError).kind]).toEqual([2, 'usage']);
  });

  it('rejects an option no flag has, naming it', async () => {
    const error = await evaluate({ domain: 'code-review', ollamaHots: 'x' } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EvalpacksError);
    expect((error as EvalpacksError).message).toBe(
      'unknown option "ollamaHots": options are the flags in camelCase (--ollama-host is ollamaHost)',
    );
  });

  it('rejects a compare with nothing to compare as the CLI does', async () => {
    const error = await compare({ domain: 'code-review' }).catch((e: unknown) => e);
    const cli = await runCli(['compare', '--domain', 'code-review']);
    expect(cli.code).toBe(2);
    expect(`evalpacks: ${(error as EvalpacksError).message}`).toBe(cli.stderr.trimEnd());
    expect((error as EvalpacksError).exitCode).toBe(2);
  });
});
