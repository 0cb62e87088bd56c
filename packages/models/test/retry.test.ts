import { describe, expect, it } from 'vitest';
import { BackoffRetryStrategy } from '../src/bedrock/retry.ts';
import { countRetries, DEFAULT_RETRY_POLICY } from '../src/common/retry-policy.ts';

const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 300 };
const throttled = {
  errorType: 'THROTTLING' as const,
  error: Object.assign(new Error('slow down'), { name: 'ThrottlingException' }),
};

describe('BackoffRetryStrategy', () => {
  it('doubles the backoff ceiling per retry up to the maximum, with full jitter', () => {
    const top = new BackoffRetryStrategy(policy, () => 1);
    expect([1, 2, 3, 4].map((attempt) => top.delayFor(attempt))).toEqual([100, 200, 300, 300]);
    const mid = new BackoffRetryStrategy(policy, () => 0.5);
    expect([1, 2, 3].map((attempt) => mid.delayFor(attempt))).toEqual([50, 100, 150]);
  });

  it('waits what Retry-After says instead, up to its own limit', () => {
    const strategy = new BackoffRetryStrategy({ ...policy, maxRetryAfterMs: 5_000 }, () => 1);
    const wait = strategy.delayFor(1, new Date(Date.now() + 2_000));
    expect(wait).toBeGreaterThan(1_900);
    expect(wait).toBeLessThanOrEqual(2_000);
    expect(strategy.delayFor(1, new Date(Date.now() + 600_000))).toBe(5_000);
  });

  it('retries throttling, transient and server errors until the attempts run out', async () => {
    const strategy = new BackoffRetryStrategy(policy, () => 0);
    let token = await strategy.acquireInitialRetryToken('');
    for (const errorType of ['THROTTLING', 'TRANSIENT', 'SERVER_ERROR'] as const) {
      token = await strategy.refreshRetryTokenForRetry(token, { errorType });
    }
    expect(token.getRetryCount()).toBe(3);
    await expect(strategy.refreshRetryTokenForRetry(token, throttled)).rejects.toThrow('no retry');
  });

  it('does not retry client errors, refused connections or aborts', async () => {
    const strategy = new BackoffRetryStrategy(policy);
    const first = await strategy.acquireInitialRetryToken('');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const aborted = Object.assign(new Error('aborted'), { name: 'AbortError' });
    for (const info of [
      { errorType: 'CLIENT_ERROR' as const },
      { errorType: 'TRANSIENT' as const, error: refused },
      { errorType: 'TRANSIENT' as const, error: aborted },
    ]) {
      await expect(strategy.refreshRetryTokenForRetry(first, info)).rejects.toThrow('no retry');
    }
  });

  it('counts retries for the call running in the current async context only', async () => {
    const strategy = new BackoffRetryStrategy(policy, () => 0);
    const retryTwice = async () => {
      let token = await strategy.acquireInitialRetryToken('');
      token = await strategy.refreshRetryTokenForRetry(token, throttled);
      await strategy.refreshRetryTokenForRetry(token, throttled);
      return 'done';
    };
    const [a, b] = await Promise.all([countRetries(retryTwice), countRetries(async () => 'quiet')]);
    expect(a).toEqual({ value: 'done', retries: 2 });
    expect(b).toEqual({ value: 'quiet', retries: 0 });
  });
});
