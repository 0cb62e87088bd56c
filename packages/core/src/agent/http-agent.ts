import { InfrastructureError } from '../errors/infrastructure-error.ts';
import type { AgentPort } from '../ports/backend-ports.ts';
import { redactUrls } from '../redact/redact-url.ts';
import { transcriptFromReply } from './agent-reply.ts';

export interface HttpAgentOptions {
  url: string;
  /** Upper bound for one request, body included. */
  timeoutMs: number;
  /** Sent with every request (an API key, say); never printed. */
  headers?: Record<string, string>;
  /** The most of a reply's body read (default 16 MiB); a longer reply is that case's agent error. */
  maxBodyBytes?: number;
}

/** The most of one reply read from any server, an agent's or a model's: more is a runaway, not an answer. */
export const MAX_AGENT_BODY_BYTES = 16 * 1024 * 1024;

/** The body as text, or undefined once it passes `max` bytes (the rest is never read). */
async function readCapped(response: Response, max: number): Promise<string | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream: the rest of the body is never read.
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Connection failures that every other case would hit too: stop the run instead of failing each case. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The url as reports show it: no credentials, no query string (either may hold a secret). */
export function displayUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

function snippet(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  const cut = flat.length > 200 ? `${flat.slice(0, 199)}…` : flat || '(empty body)';
  return redactUrls(cut);
}

function requestFailure(error: unknown, where: string, timeoutMs: number): Error {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new Error(`agent at ${where} did not answer within ${timeoutMs / 1000} s`);
  }
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code && UNREACHABLE_CODES.has(code)) {
    return new InfrastructureError(
      `Cannot reach the agent at ${where} (${code})`,
      "Start the agent's server, or correct the url in the pack's `agent` option.",
    );
  }
  // fetch quotes the whole url, credentials and query included.
  return new Error(
    `request to the agent at ${where} failed: ${redactUrls((error as Error)?.message ?? String(error))}`,
  );
}

/**
 * A pack's agent behind an HTTP endpoint: POST the agent request as JSON, read a transcript back (see
 * docs/agent-transcript.md). Per-case failures (HTTP errors, timeouts, invalid replies) become that
 * case's agent error; an endpoint nobody listens on stops the run.
 */
export function httpAgent(options: HttpAgentOptions): AgentPort {
  const where = displayUrl(options.url);
  return {
    backend: 'http',
    model: where,
    async run(request) {
      const started = performance.now();
      let status: number;
      let text: string | undefined;
      const maxBytes = options.maxBodyBytes ?? MAX_AGENT_BODY_BYTES;
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        status = response.status;
        text = await readCapped(response, maxBytes);
      } catch (error) {
        throw requestFailure(error, where, options.timeoutMs);
      }
      if (text === undefined) {
        throw new Error(
          `agent at ${where} answered more than ${maxBytes} bytes; set the pack's agent.maxBodyBytes if that is expected`,
        );
      }
      if (status < 200 || status > 299) throw new Error(`agent at ${where} answered HTTP ${status}: ${snippet(text)}`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`agent at ${where} answered with a body that is not JSON: ${snippet(text)}`);
      }
      return transcriptFromReply(body, {
        input: request.input,
        model: where,
        latencyMs: Math.round(performance.now() - started),
      });
    },
  };
}
