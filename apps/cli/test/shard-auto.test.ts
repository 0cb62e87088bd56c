import { describe, expect, it } from 'vitest';
import { autoShard } from '../src/options/shard-auto.ts';

describe('--shard auto reads the shard from the CI environment', () => {
  it("reads GitLab's CI_NODE_INDEX (from 1) and CI_NODE_TOTAL", () => {
    expect(autoShard('auto', { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '3' })).toBe('2/3');
    expect(autoShard('auto/3', { CI_NODE_INDEX: '3', CI_NODE_TOTAL: '3' })).toBe('3/3');
    expect(() => autoShard('auto/4', { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '3' })).toThrow(
      'auto/4: CI_NODE_TOTAL=3 says there are 3 shards',
    );
    expect(() => autoShard('auto', { CI_NODE_INDEX: '2' })).toThrow(
      'auto: CI_NODE_INDEX is set but CI_NODE_TOTAL is not (GitLab parallel)',
    );
  });

  it("reads a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (from 0) with the total given", () => {
    expect(autoShard('auto/4', { JOB_COMPLETION_INDEX: '0' })).toBe('1/4');
    expect(autoShard('auto/4', { JOB_COMPLETION_INDEX: '3' })).toBe('4/4');
    expect(() => autoShard('auto', { JOB_COMPLETION_INDEX: '1' })).toThrow(
      'auto: JOB_COMPLETION_INDEX is set, but a Kubernetes Indexed Job does not say how many there are: use --shard auto/N',
    );
  });

  it("reads the GitHub Actions matrix's position as the workflow passes it (from 0)", () => {
    expect(autoShard('auto', { EVALPACKS_SHARD_INDEX: '0', EVALPACKS_SHARD_TOTAL: '2' })).toBe('1/2');
    expect(() => autoShard('auto', { EVALPACKS_SHARD_INDEX: 'first', EVALPACKS_SHARD_TOTAL: '2' })).toThrow(
      'auto: EVALPACKS_SHARD_INDEX="first" is not a whole number',
    );
  });

  it('says in one line which variables it looked for when none is set', () => {
    expect(() => autoShard('auto', {})).toThrow(
      /^auto found no shard in the environment: set CI_NODE_INDEX and CI_NODE_TOTAL \(GitLab parallel\), JOB_COMPLETION_INDEX/,
    );
  });
});
