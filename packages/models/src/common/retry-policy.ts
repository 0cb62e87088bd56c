import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The retry policy every cloud-style backend shares (Bedrock through the AWS SDK's retry-strategy slot,
 * OpenAI-compatible servers through the client's fetch): how many attempts, how long to back off, how
 * long a server's Retry-After may make us wait, and a per-call counter of the retries made.
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

/** The retries one call (an agent run, a judge call) needed, for code that can hand it down to where they happen. */
export interface RetryCount {
  retries: number;
}

// The AWS SDK's retry strategy and the OpenAI client's fetch are shared by a run's parallel calls and get no
// per-call argument of ours, so their retries are counted through the caller's async context. (Ollama's are made
// by our own code and counted in a RetryCount handed down: on Node 20 one AsyncLocalStorage run() turns on a
// promise hook that costs every promise of the process.)
// Retries happen inside the caller's async context, so a counter opened around a call (one agent run,
// one judge call) sees exactly that call's retries even with calls in parallel.
const retryCounter = new AsyncLocalStorage<{ retries: number }>();

/** Runs `call` and reports how many retries the backend clients made for it. */
export async function countRetries<T>(call: () => Promise<T>): Promise<{ value: T; retries: number }> {
  const counter = { retries: 0 };
  const value = await retryCounter.run(counter, call);
  return { value, retries: counter.retries };
}

/** Counts one retry for the call running in the current async context, if any is counting. */
export function noteRetry(): void {
  const counter = retryCounter.getStore();
  if (counter) counter.retries += 1;
}

/**
 * How long to wait before retry `attempt` (1 for the first): what the server's Retry-After says when it
 * sent one (it knows when capacity returns), else exponential backoff with full jitter.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(policy.maxRetryAfterMs, Math.max(0, retryAfterMs));
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}
