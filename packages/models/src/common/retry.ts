import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_RETRY_POLICY, type RetryCount, type RetryPolicy, retryDelay } from './retry-policy.ts';

/**
 * The shared retry policy (retry-policy.ts) for a backend whose client has no retry slot of its own
 * (ollama-js): the call is wrapped, each retry counted in the caller's RetryCount.
 */

/** Thrown when the attempts run out: says how many were made, and keeps the last failure as the cause. */
export class RetriesExhaustedError extends Error {
  override name = 'RetriesExhaustedError';
  constructor(
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(`${attempts} attempts failed: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

export interface WithRetriesOptions {
  policy?: Partial<RetryPolicy>;
  /** Whether this failure may pass if tried again; anything else is thrown at once. */
  retryable: (error: unknown) => boolean;
  random?: () => number;
  /** Stops the waiting between attempts (a cancelled case). */
  signal?: AbortSignal;
  /** Where each retry is counted. */
  count?: RetryCount;
  /**
   * Counts the calls waiting out a backoff now: not sent, so a progress line shows them as waiting, not in
   * flight (a server answering 503 to half the calls would otherwise look as busy as one working on them).
   */
  backingOff?: { calls: number };
  /** Told of each retry as it is decided, before its backoff (the engine's `retry` event). */
  onRetry?: () => void;
}

/** Calls `call` until it succeeds, fails for good, or the attempts run out (RetriesExhaustedError). */
export async function withRetries<T>(call: () => Promise<T>, options: WithRetriesOptions): Promise<T> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!options.retryable(error)) throw error;
      if (attempt >= policy.maxAttempts) throw attempt > 1 ? new RetriesExhaustedError(attempt, error) : error;
      if (options.count) options.count.retries += 1;
      options.onRetry?.();
      const backingOff = options.backingOff ?? { calls: 0 };
      backingOff.calls += 1;
      try {
        await sleep(retryDelay(policy, attempt, undefined, options.random), undefined, { signal: options.signal });
      } finally {
        backingOff.calls -= 1;
      }
    }
  }
}
