/**
 * `--shard auto` (or `auto/N`): the shard from the CI system's environment, as `I/N` with I from 1. No CI
 * system has one standard pair of variables, so each is read as it names them, in this order:
 * - GitLab CI `parallel:` sets CI_NODE_INDEX (from 1) and CI_NODE_TOTAL;
 * - a Kubernetes Indexed Job sets JOB_COMPLETION_INDEX (from 0) and nothing for the total: give it, `auto/N`;
 * - GitHub Actions sets nothing: the workflow passes its matrix's position as EVALPACKS_SHARD_INDEX (from 0,
 *   `${{ strategy.job-index }}`) and EVALPACKS_SHARD_TOTAL (`${{ strategy.job-total }}`).
 * A total in `auto/N` must agree with the environment's.
 */
export type ShardEnvironment = Record<string, string | undefined>;

const AUTO = /^\s*auto\s*(?:\/\s*(\d+)\s*)?$/;

export const isAutoShard = (text: string) => AUTO.test(text);

const SOURCES = [
  { index: 'CI_NODE_INDEX', total: 'CI_NODE_TOTAL', from: 1, name: 'GitLab parallel' },
  { index: 'JOB_COMPLETION_INDEX', total: undefined, from: 0, name: 'Kubernetes Indexed Job' },
  { index: 'EVALPACKS_SHARD_INDEX', total: 'EVALPACKS_SHARD_TOTAL', from: 0, name: 'GitHub Actions matrix' },
] as const;

const whole = (text: string | undefined) => (text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) : undefined);

/** `auto` or `auto/N` as the `I/N` the environment says; an Error with the one line to print when it cannot. */
export function autoShard(text: string, env: ShardEnvironment): string {
  const given = whole(AUTO.exec(text)?.[1]);
  const source = SOURCES.find((s) => env[s.index] !== undefined && env[s.index] !== '');
  if (!source) {
    throw new Error(
      'auto found no shard in the environment: set CI_NODE_INDEX and CI_NODE_TOTAL (GitLab parallel), ' +
        'JOB_COMPLETION_INDEX with --shard auto/N (Kubernetes Indexed Job), or EVALPACKS_SHARD_INDEX and ' +
        'EVALPACKS_SHARD_TOTAL from 0 (GitHub Actions: strategy.job-index and strategy.job-total)',
    );
  }
  const index = whole(env[source.index]);
  if (index === undefined) throw new Error(`auto: ${source.index}="${env[source.index]}" is not a whole number`);
  const named = source.total && whole(env[source.total]);
  if (source.total && env[source.total] !== undefined && named === undefined) {
    throw new Error(`auto: ${source.total}="${env[source.total]}" is not a whole number`);
  }
  const total = named ?? given;
  if (total === undefined) {
    throw new Error(
      source.total
        ? `auto: ${source.index} is set but ${source.total} is not (${source.name})`
        : `auto: ${source.index} is set, but a ${source.name} does not say how many there are: use --shard auto/N`,
    );
  }
  if (given !== undefined && named !== undefined && given !== named) {
    throw new Error(`auto/${given}: ${source.total}=${named} says there are ${named} shards`);
  }
  return `${index - source.from + 1}/${total}`;
}
