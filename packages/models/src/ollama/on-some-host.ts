import { causeChain, fieldOf } from '../common/cause-chain.ts';
import { withRetries } from '../common/retry.ts';
import type { RetryCount } from '../common/retry-policy.ts';
import type { OllamaHost } from './host.ts';
import type { OllamaHosts } from './host-pool.ts';
import { isTransientOllamaError, lostConnection, missingModel, unreachableCode } from './transient.ts';

export interface OnSomeHostOptions {
  /** Stops the waiting between attempts (a cancelled case). */
  signal?: AbortSignal;
  /** Where each retry is counted, a move to another host included. */
  count?: RetryCount;
}

/** `ECONNREFUSED`, `UND_ERR_SOCKET`, or the innermost message: what a warning line names as the reason. */
function reasonOf(error: unknown): string {
  const chain = causeChain(error);
  const code = chain.map((e) => fieldOf(e, 'code')).find((c): c is string => typeof c === 'string');
  const innermost = chain.at(-1);
  return code ?? (innermost instanceof Error ? innermost.message : String(innermost));
}

/**
 * Whether `host` is out after `error`: refused (nothing listens there) takes it out at once, and so does a
 * 404 (the model was removed from that server, or a proxy lost its route); a lost connection or a timeout
 * takes it out when the server no longer answers at all, or when it has failed that way as often as one
 * call may try (a server that answers probes but hangs every call).
 */
async function outAfter(hosts: OllamaHosts, host: OllamaHost, error: unknown): Promise<boolean> {
  if (hosts.isOut(host)) return true;
  const refused = unreachableCode(error);
  if (refused) return hosts.takeOut(host, `stopped answering (${refused})`);
  if (missingModel(error)) return hosts.takeOut(host, `answered HTTP 404 (${reasonOf(error)})`);
  if (!lostConnection(error)) return false;
  const probe = await host.stillAnswers();
  if (probe) return hosts.takeOut(host, `stopped answering (${reasonOf(probe.error)})`);
  const strikes = hosts.lostCall(host);
  const budget = hosts.retry?.maxAttempts ?? 6;
  const why = `stopped answering (${strikes} calls in a row got no answer: ${reasonOf(error)})`;
  return strikes >= budget && hosts.takeOut(host, why);
}

/**
 * Makes one call on the least busy host of the run, retried as the run's retry policy says. A call whose host
 * is taken out under it goes to another host at once (counted as a retry, not as a failed attempt); any
 * other transient failure waits its backoff, then tries another host if there is one.
 */
export function onSomeHost<T>(
  hosts: OllamaHosts,
  call: (host: OllamaHost) => Promise<T>,
  options: OnSomeHostOptions = {},
): Promise<T> {
  let avoid: OllamaHost | undefined;
  return withRetries(
    async () => {
      for (;;) {
        const host = await hosts.acquire(avoid);
        try {
          const value = await call(host);
          hosts.answered(host);
          return value;
        } catch (error) {
          if (!(await outAfter(hosts, host, error))) {
            avoid = host;
            throw error;
          }
          if (options.count) options.count.retries += 1;
          hosts.onRetry();
          avoid = undefined;
        } finally {
          hosts.release(host);
        }
      }
    },
    {
      retryable: isTransientOllamaError,
      policy: hosts.retry,
      backingOff: hosts.backingOff,
      onRetry: hosts.onRetry,
      ...(options.signal && { signal: options.signal }),
      ...(options.count && { count: options.count }),
    },
  );
}
