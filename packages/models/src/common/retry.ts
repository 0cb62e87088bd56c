import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The one retry policy of every backend: exponential backoff with full jitter, a server's Retry-After
 * waited out instead when it sends one, and every retry counted for the summary. Bedrock plugs it into
 * the AWS SDK's retry slot (bedrock/retry.ts); Ollama wraps its calls with `withRetries`.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The first backoff's upper bound; each retry doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest Retry-After honoured; a server asking for more gets this much. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
};

/** Retry-After when the server sent it (it knows when capacity returns), else full-jitter backoff. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number, retryAfter?: Date): number {
  const { baseDelayMs, maxDelayMs, maxRetryAfterMs } = policy;
  if (retryAfter) return Math.min(maxRetryAfterMs, Math.max(0, retryAfter.getTime() - Date.now()));
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

// Retries happen inside the caller's async context, so a counter opened around a call (one agent run,
// one judge call) sees exactly that call's retries even with calls in parallel.
const retryCounter = new AsyncLocalStorage<{ retries: number }>();

/** Counts one retry against the innermost countRetries around the current call, if any. */
export function noteRetry(): void {
  const counter = retryCounter.getStore();
  if (counter) counter.retries += 1;
}

/** Runs `call` and reports how many retries the backend made for it. */
export async function countRetries<T>(call: () => Promise<T>): Promise<{ value: T; retries: number }> {
  const counter = { retries: 0 };
  const value = await retryCounter.run(counter, call);
  return { value, retries: counter.retries };
}

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
}

/** Calls `call` until it succeeds, fails for good, or the attempts run out (RetriesExhaustedError). */
export async function withRetries<T>(call: () => Promise<T>, options: WithRetriesOptions): Promise<T> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!options.retryable(error)) throw error;
      if (attempt >= policy.maxAttempts) {
        throw attempt > 1 ? new RetriesExhaustedError(attempt, error) : error;
      }
      noteRetry();
      await sleep(backoffDelay(policy, attempt, random), undefined, { signal: options.signal });
    }
  }
}
