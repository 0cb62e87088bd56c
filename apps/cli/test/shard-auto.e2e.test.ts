import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

/** Every variable --shard auto reads, unset: the test's own CI must not decide its outcome. */
const NO_CI = {
  CI_NODE_INDEX: undefined,
  CI_NODE_TOTAL: undefined,
  JOB_COMPLETION_INDEX: undefined,
  EVALPACKS_SHARD_INDEX: undefined,
  EVALPACKS_SHARD_TOTAL: undefined,
};

describe('eval --shard auto', () => {
  it('runs shard 2/3 under GitLab parallel (CI_NODE_INDEX=2, CI_NODE_TOTAL=3)', async () => {
    const args = ['eval', '--domain', 'support-tickets', '--offline', '--shard', 'auto'];
    const auto = await runCli(args, { ...NO_CI, CI_NODE_INDEX: '2', CI_NODE_TOTAL: '3' });
    expect(auto.stderr).toBe('');
    expect(auto.stdout).toMatch(/shard 2\/3 of \d+ cases/);
    // The same cases as --shard 2/3 given by hand.
    const byHand = await runCli(['eval', '--domain', 'support-tickets', '--offline', '--shard', '2/3'], NO_CI);
    const cases = (stdout: string) => stdout.match(/━━ \S+/g) ?? [];
    expect(cases(auto.stdout).length).toBeGreaterThan(0);
    expect(cases(auto.stdout)).toEqual(cases(byHand.stdout));
    expect(auto.code).toBe(byHand.code);
  });

  it('stops in one line with exit 2 when the environment names no shard', async () => {
    const missing = await runCli(['eval', '--domain', 'content-review', '--offline', '--shard', 'auto'], NO_CI);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr.split('\n')).toHaveLength(2);
    expect(missing.stderr).toMatch(/^evalpacks: --shard auto found no shard in the environment: set CI_NODE_INDEX/);
  });
});
