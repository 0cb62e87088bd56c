import { EvalStore } from '@evalpacks/store';
import { type OllamaStandIn, startOllamaStandIn } from '@evalpacks/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, codeReviewArgs, missedFinding, scriptAgent, scriptJudge } from './code-review-script.ts';
import { runCli, spawnCli, tempStore } from './run-cli.ts';

describe('--resume and the process that owns a run', () => {
  let standIn: OllamaStandIn;
  beforeAll(async () => {
    standIn = await startOllamaStandIn({ models: ['qwen3.5:4b', 'judge:1b'] });
  });
  afterAll(() => standIn.close());

  it('refuses to take over a live run in one line (exit 2), and resumes it once its owner is gone', async () => {
    let arrived: () => void = () => {};
    const firstCall = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    // The first agent call hangs (until the stand-in closes), so the first process is mid-run for as long as needed.
    standIn.script({
      match: { hasFormat: false, contains: cases[0]?.input },
      times: 1,
      reply: () => {
        arrived();
        return { content: 'never delivered', latencyMs: 600_000 };
      },
    });
    scriptAgent(standIn);
    scriptJudge(standIn, missedFinding);
    const store = tempStore();
    const args = [...codeReviewArgs(standIn.url, '--concurrency', '1'), '--store', store];
    const owner = spawnCli(args);
    await firstCall;

    const refused = await runCli(['eval', '--resume', '1', '--store', store]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^evalpacks: run 1 is still running \\(pid ${owner.child.pid} on [^,]+, last heartbeat \\d+ s ago\\); ` +
          'let it finish, or stop that process and resume again\\n$',
      ),
    );
    const during = EvalStore.open(store);
    expect(during.run(1)?.status).toBe('running');
    during.close();

    owner.child.kill('SIGKILL');
    expect((await owner.done).signal).toBe('SIGKILL');
    const resumed = await runCli(['eval', '--resume', '1', '--store', store]);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(1);
    const after = EvalStore.open(store);
    expect(after.run(1)?.status).toBe('completed');
    expect(after.caseResults(1)).toHaveLength(3);
    after.close();
  });
});
