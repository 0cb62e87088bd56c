import type { ThrottleSignals } from '@evalpacks/core/runner';
import OpenAI from 'openai';
import { cappedFetch } from '../common/capped-body.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../common/retry-policy.ts';
import { retryingFetch } from './retrying-fetch.ts';

/** Where and how to reach an OpenAI-compatible server. The API key comes from OPENAI_API_KEY, never from here. */
export interface OpenAIConnection {
  /** The server's API root, e.g. http://gpu-box:8000/v1. */
  baseURL: string;
  /** Upper bound for one model request. */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Told of every throttled and every successful request, to pace the run (adaptive concurrency). */
  signals?: ThrottleSignals;
}

/** A connection and the model to call through it. */
export interface OpenAIBackendOptions extends OpenAIConnection {
  model: string;
}

/**
 * vLLM's and SGLang's documented placeholder for a server started without --api-key: the client insists
 * on some key, and such a server ignores it.
 */
const NO_KEY = 'EMPTY';

/**
 * The openai client for a connection: the key from the environment, our retries instead of its own, and
 * no reply read past MAX_REPLY_BYTES (the body fails with a ReplyTooLargeError there).
 */
export function createOpenAIClient(connection: OpenAIConnection): OpenAI {
  const policy = { ...DEFAULT_RETRY_POLICY, ...connection.retry };
  return new OpenAI({
    baseURL: connection.baseURL,
    apiKey: process.env.OPENAI_API_KEY || NO_KEY,
    timeout: connection.timeoutMs,
    maxRetries: 0,
    fetch: cappedFetch(retryingFetch(policy, connection.signals)),
  });
}
