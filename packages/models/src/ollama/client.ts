import { splitCredentials } from '@evalpacks/core/report';
import { Ollama } from 'ollama';
import { capBody, capResponse } from '../common/capped-body.ts';
import { declaredSize, MAX_REPLY_BYTES } from '../common/reply-cap.ts';
import { httpFetch } from './http-fetch.ts';

export const DEFAULT_OLLAMA_TIMEOUT_MS = 300_000;

export interface OllamaClientOptions {
  host: string;
  /** Upper bound for one HTTP request, including the whole (non-streamed) generation. */
  timeoutMs?: number;
  /**
   * Aborts every request of this client too: ollama-js passes no signal for non-streamed calls, so a caller's
   * cancellation (Strands' cancelSignal) is given to a client of its own.
   */
  signal?: AbortSignal;
}

/** Thrown (as the fetch rejection) when a request outlives `timeoutMs`. */
export class OllamaTimeoutError extends Error {
  override readonly name = 'OllamaTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`Ollama request timed out after ${timeoutMs} ms`);
  }
}

/**
 * An Ollama client whose requests abort after `timeoutMs`: ollama-js has no timeout of its
 * own, and a model server that accepts the connection but never answers would hang a run. No reply is
 * read past MAX_REPLY_BYTES: the call fails with a ReplyTooLargeError instead.
 */
export function createOllamaClient(options: OllamaClientOptions): Ollama {
  const { host, timeoutMs = DEFAULT_OLLAMA_TIMEOUT_MS, signal: callerSignal } = options;
  const timedFetch: typeof fetch = async (input, init) => {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new OllamaTimeoutError(timeoutMs)), timeoutMs);
    // The timer must also cover reading a streamed body, so it is cleared only once the
    // body is consumed or the request fails; unref keeps it from holding the process open.
    timer.unref();
    const signal = oneSignal(timeout.signal, init?.signal, callerSignal);
    try {
      if (wholeAnswer(init)) {
        const response = await httpFetch(input, { ...init, signal });
        clearTimeout(timer);
        return response;
      }
      const response = await fetch(input, { ...init, signal });
      if (!response.body) {
        clearTimeout(timer);
        return response;
      }
      if (!streamed(response)) {
        // A whole JSON answer (every call a run makes) is read here, under the timer, and handed on as bytes:
        // piping it through a TransformStream to see its end cost more CPU per call than the rest of this wrapper.
        const bytes = await capResponse(response).arrayBuffer();
        clearTimeout(timer);
        return new Response(bytes, response);
      }
      // Cleared once the body is read to its end: a timer left to run its 5 minutes holds its controller
      // and signals, and a 30,000-result run made 60,000 of them. (A body dropped unread keeps it.)
      const capped = capBody(response.body, MAX_REPLY_BYTES, declaredSize(response.headers.get('content-length')));
      const body = capped.pipeThrough(new TransformStream({ flush: () => clearTimeout(timer) }));
      return new Response(body, response);
    } catch (err) {
      clearTimeout(timer);
      throw err;
    }
  };
  return new Ollama({ ...withBasicAuth(host), fetch: timedFetch });
}

/**
 * Whether ollama-js asks for one whole answer: it gives a signal of its own only to a streamed request (to abort
 * it), and sends JSON text; anything else goes through fetch.
 */
function wholeAnswer(init: RequestInit | undefined): boolean {
  return !init?.signal && (init?.body === undefined || init.body === null || typeof init.body === 'string');
}

/** Ollama streams NDJSON; a non-streamed answer is one JSON document. */
function streamed(response: Response): boolean {
  return response.headers.get('content-type')?.startsWith('application/x-ndjson') ?? false;
}

/** The timeout's signal alone when nothing else may cancel the request: AbortSignal.any costs a signal per call. */
function oneSignal(timeout: AbortSignal, ...others: (AbortSignal | null | undefined)[]): AbortSignal {
  const signals = others.filter((s): s is AbortSignal => s != null);
  return signals.length === 0 ? timeout : AbortSignal.any([timeout, ...signals]);
}

/**
 * `http://user:pass@host` as reverse proxies in front of Ollama expect it: the host without the user info,
 * which goes in a Basic Authorization header (fetch refuses a URL that carries credentials).
 */
function withBasicAuth(host: string): { host: string; headers?: Record<string, string> } {
  const { url, username, password } = splitCredentials(host);
  if (username === undefined) return { host };
  const token = Buffer.from(`${username}:${password ?? ''}`).toString('base64');
  return { host: url, headers: { Authorization: `Basic ${token}` } };
}
