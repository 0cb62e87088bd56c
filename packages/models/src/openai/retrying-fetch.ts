import type { ThrottleSignals } from '@evalpacks/core/runner';
import { causeChain, fieldOf, UNREACHABLE_CODES } from '../common/cause-chain.ts';
import { noteRetry, type RetryPolicy, retryDelay } from '../common/retry-policy.ts';

/** 408, 409 (a lock timeout), 429 and 5xx are worth repeating, as the openai client itself judges them. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** A refused connection or an unknown host will not start answering in a few seconds; an abort is final. */
function retryableError(error: unknown): boolean {
  for (const e of causeChain(error)) {
    const code = fieldOf(e, 'code');
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return false;
    if (fieldOf(e, 'name') === 'AbortError') return false;
  }
  return true;
}

/** `retry-after-ms` (what OpenAI sends), else `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return ms;
  const header = headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * The openai client's fetch, with the retries Bedrock's calls get (common/retry-policy.ts): throttling,
 * 5xx and dropped connections are repeated with backoff or after the server's Retry-After, each retry
 * counted for the call in progress. The client's own retries are turned off (maxRetries: 0), so there
 * is one policy, not two stacked. Bodies are JSON strings, so a request can be sent again as it is.
 */
export function retryingFetch(
  policy: RetryPolicy,
  signals?: ThrottleSignals,
  inner: typeof fetch = fetch,
  random: () => number = Math.random,
): typeof fetch {
  return async (input, init) => {
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await inner(input, init);
      } catch (error) {
        if (attempt >= policy.maxAttempts || !retryableError(error)) throw error;
      }
      if (response?.status === 429) signals?.throttled();
      else if (response?.ok) signals?.succeeded();
      if (response && (!retryableStatus(response.status) || attempt >= policy.maxAttempts)) return response;
      const wait = retryDelay(policy, attempt, response && retryAfterMs(response.headers), random);
      await response?.body?.cancel();
      noteRetry();
      signals?.retrying?.();
      await sleep(wait, init?.signal);
    }
  };
}
