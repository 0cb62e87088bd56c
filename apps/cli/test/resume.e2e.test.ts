import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult } from '@evalpacks/core';
import { EvalStore } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cases, codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { runCli, spawnCli, summaryOf, tempStore } from './run-cli.ts';

const [first, second, third] = cases.map((testCase) => testCase.input) as [string, string, string];

/** What a run decided, without timings: the part an interrupted-and-resumed run must reproduce exactly. */
function outcomes(reportDir: string) {
  const report = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { cases: CaseResult[] };
  return report.cases.map((result) => ({
    id: result.case.id,
    epoch: result.epoch,
    status: result.status,
    answer: result.transcript.answer,
    checks: result.checks,
    reasons: result.reasons,
    verdicts: result.verdicts.map(({ kind, itemId, status, ...rest }) => ({
      kind,
      itemId,
      status,
      ...('passed' in rest && { passed: rest.passed, reasoning: rest.reasoning }),
    })),
  }));
}

describe('interrupted runs and --resume', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    // Slow enough that the run is mid-flight when the signal arrives, one call at a time so the order is known:
    // the three agent calls, then the judge calls of case 1, 2, 3.
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'], latencyMs: 100 });
  });
  beforeEach(() => standIn.reset());
  afterAll(() => standIn.close());

  /** Saved to `store`, reported to the console and as JSON in `out`. */
  const reported = (store: string, out: string) => ['--store', store, '--reporter', 'console,json', '--out', out];
  /** One call at a time, so the order of calls is known. */
  const args = (store: string, out: string) =>
    codeReviewArgs(standIn.url, '--concurrency', '1', ...reported(store, out));

  /** Scripts the run and sends `signal` to the CLI when its first judge call about the third case arrives. */
  function scriptWithSignal(kill: () => void): void {
    standIn.script({
      match: { hasFormat: true, contains: third },
      times: 1,
      reply: () => {
        kill();
        return { content: '{"reasoning":"never delivered","caught":true}' };
      },
    });
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
  }

  const agentCalls = (input: string) => standIn.chatCalls({ hasFormat: false, contains: input }).length;
  const judgeCalls = (input: string) => standIn.chatCalls({ hasFormat: true, contains: input }).length;

  it('resumes a SIGKILLed run to exactly the results of an uninterrupted one, evaluating no case twice', async () => {
    const reference = tempStore();
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const uninterrupted = await runCli(args(reference, join(reference, '..', 'out')));
    expect(uninterrupted.code).toBe(1);

    standIn.reset();
    const store = tempStore();
    const out = join(store, '..', 'out');
    const cli = spawnCli(args(store, out));
    scriptWithSignal(() => cli.child.kill('SIGKILL'));
    const killed = await cli.done;
    expect(killed.signal).toBe('SIGKILL');
    // Cases 1 and 2 were complete and saved; case 3 had its answer and one judge call in flight.
    const saved = EvalStore.open(store);
    expect(saved.run(1)?.status).toBe('running');
    expect(saved.caseResults(1).map((result) => result.case.id)).toEqual([cases[0]?.id, cases[1]?.id]);
    saved.close();
    expect([agentCalls(first), agentCalls(second), agentCalls(third)]).toEqual([1, 1, 1]);
    expect([judgeCalls(first), judgeCalls(second), judgeCalls(third)]).toEqual([5, 3, 1]);

    const resumed = await runCli(['eval', '--resume', '--ollama-host', standIn.url, ...reported(store, out)]);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(1);
    expect(resumed.stdout).toContain(`run    1 · resumed with 2 of 3 results saved · ${store}\n`);
    // No agent call again (case 3's answer came from the cache), no judge call for the saved cases; the one
    // judge call abandoned at the kill was made again, with the other three of case 3.
    expect([agentCalls(first), agentCalls(second), agentCalls(third)]).toEqual([1, 1, 1]);
    expect([judgeCalls(first), judgeCalls(second), judgeCalls(third)]).toEqual([5, 3, 5]);
    expect(summaryOf(resumed.stdout)).toBe(
      summaryOf(uninterrupted.stdout)
        // Case 3's answer came from the cache this time, and cost nothing.
        .replace('agent 3000 in / 1200 out', 'agent 2000 in / 800 out')
        .replace('15 made, 0 from the cache', '4 made, 1 from the cache')
        .replace(join(reference, '..', 'out'), out),
    );
    expect(outcomes(out)).toEqual(outcomes(join(reference, '..', 'out')));
    const done = EvalStore.open(store);
    expect(done.run(1)?.status).toBe('completed');
    done.close();
  });

  it('saves and marks the run on Ctrl-C, names the command to finish it, and refuses a changed configuration', async () => {
    const store = tempStore();
    const out = join(store, '..', 'out');
    const cli = spawnCli(args(store, out));
    scriptWithSignal(() => cli.child.kill('SIGINT'));
    const stopped = await cli.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toBe(
      'evalpacks: SIGINT: run 1 stopped with 2 of 3 results saved; finish it with: pnpm eval --resume 1\n',
    );
    const saved = EvalStore.open(store);
    expect(saved.run(1)?.status).toBe('interrupted');
    saved.close();

    const changed = await runCli(['eval', '--resume', '1', '--judge-model', 'qwen3.5:4b', '--store', store]);
    expect(changed.code).toBe(2);
    expect(changed.stderr).toBe(
      'evalpacks: cannot resume run 1, its configuration differs: ' +
        'judge model: ollama judge:1b in the run, ollama qwen3.5:4b now\n',
    );

    const resumed = await runCli(['eval', '--resume', '1', '--ollama-host', standIn.url, '--store', store]);
    expect(resumed.code).toBe(1);
    expect(summaryOf(resumed.stdout)).toContain('  cases           2/3 passed (66.7%, 95% CI 20.8–93.9%)\n');

    const again = await runCli(['eval', '--resume', '1', '--store', store]);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe('evalpacks: run 1 is complete; there is nothing to resume\n');
  });
});
