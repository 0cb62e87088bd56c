import { AsyncLocalStorage } from 'node:async_hooks';
import { causeChain, fieldOf, UNREACHABLE_CODES } from '../common/cause-chain.ts';

/**
 * Retries for Bedrock calls, as the AWS SDK client's own retry strategy (its RetryStrategyV2 slot),
 * so the Strands agent's model calls and the judge's calls share one policy without wrapping either:
 * throttling, 429 and 5xx are retried with exponential backoff and full jitter, and a server's
 * Retry-After is waited out instead when it sends one. Every retry is counted for the summary.
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

/** What the SDK's retry middleware hands the strategy (smithy's RetryErrorInfo, structurally). */
interface RetryErrorInfo {
  error?: unknown;
  errorType: 'THROTTLING' | 'TRANSIENT' | 'SERVER_ERROR' | 'CLIENT_ERROR';
  retryAfterHint?: Date;
}

interface RetryToken {
  getRetryCount(): number;
  getRetryDelay(): number;
}

const token = (count: number, delayMs: number): RetryToken => ({
  getRetryCount: () => count,
  getRetryDelay: () => delayMs,
});

// The retry middleware runs inside the caller's async context, so a counter opened around a call
// (one agent run, one judge call) sees exactly that call's retries even with calls in parallel.
const retryCounter = new AsyncLocalStorage<{ retries: number }>();

/** Runs `call` and reports how many retries the Bedrock clients made for it. */
export async function countRetries<T>(call: () => Promise<T>): Promise<{ value: T; retries: number }> {
  const counter = { retries: 0 };
  const value = await retryCounter.run(counter, call);
  return { value, retries: counter.retries };
}

function retryable(info: RetryErrorInfo): boolean {
  // A refused connection or an unknown host will not start answering in a few seconds.
  for (const e of causeChain(info.error)) {
    const code = fieldOf(e, 'code');
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return false;
    if (fieldOf(e, 'name') === 'AbortError') return false;
  }
  return info.errorType !== 'CLIENT_ERROR';
}

export class BackoffRetryStrategy {
  readonly mode = 'evalpacks-backoff';

  constructor(
    readonly policy: RetryPolicy = DEFAULT_RETRY_POLICY,
    private readonly random: () => number = Math.random,
  ) {}

  async acquireInitialRetryToken(_scope: string): Promise<RetryToken> {
    return token(0, 0);
  }

  /** Throws to tell the middleware to give up; it then rethrows the service error itself. */
  async refreshRetryTokenForRetry(previous: RetryToken, info: RetryErrorInfo): Promise<RetryToken> {
    const attempt = previous.getRetryCount() + 1;
    if (attempt >= this.policy.maxAttempts || !retryable(info)) throw new Error('no retry');
    const counter = retryCounter.getStore();
    if (counter) counter.retries += 1;
    return token(attempt, this.delayFor(attempt, info.retryAfterHint));
  }

  recordSuccess(_token: RetryToken): void {}

  /** Retry-After when the server sent it (it knows when capacity returns), else full-jitter backoff. */
  delayFor(attempt: number, retryAfter?: Date): number {
    const { baseDelayMs, maxDelayMs, maxRetryAfterMs } = this.policy;
    if (retryAfter) return Math.min(maxRetryAfterMs, Math.max(0, retryAfter.getTime() - Date.now()));
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return Math.round(this.random() * ceiling);
  }
}
