import type { ThrottleSignals } from '@evalpacks/core/runner';
import { causeChain, fieldOf, UNREACHABLE_CODES } from '../common/cause-chain.ts';
import { DEFAULT_RETRY_POLICY, noteRetry, type RetryPolicy, retryDelay } from '../common/retry-policy.ts';

/**
 * Retries for Bedrock calls, as the AWS SDK client's own retry strategy (its RetryStrategyV2 slot),
 * so the Strands agent's model calls and the judge's calls share one policy without wrapping either:
 * throttling, 429 and 5xx are retried with exponential backoff and full jitter, and a server's
 * Retry-After is waited out instead when it sends one. Every retry is counted for the summary.
 */

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
    /** Told of every throttled and every successful attempt, to pace the run (adaptive concurrency). */
    private readonly signals?: ThrottleSignals,
  ) {}

  async acquireInitialRetryToken(_scope: string): Promise<RetryToken> {
    return token(0, 0);
  }

  /** Throws to tell the middleware to give up; it then rethrows the service error itself. */
  async refreshRetryTokenForRetry(previous: RetryToken, info: RetryErrorInfo): Promise<RetryToken> {
    if (info.errorType === 'THROTTLING') this.signals?.throttled();
    const attempt = previous.getRetryCount() + 1;
    if (attempt >= this.policy.maxAttempts || !retryable(info)) throw new Error('no retry');
    noteRetry();
    this.signals?.retrying?.();
    return token(attempt, this.delayFor(attempt, info.retryAfterHint));
  }

  recordSuccess(_token: RetryToken): void {
    this.signals?.succeeded();
  }

  /** Retry-After when the server sent it (it knows when capacity returns), else full-jitter backoff. */
  delayFor(attempt: number, retryAfter?: Date): number {
    return retryDelay(this.policy, attempt, retryAfter && retryAfter.getTime() - Date.now(), this.random);
  }
}
