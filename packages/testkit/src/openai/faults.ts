import type { ServerResponse } from 'node:http';
import { gone, sendError, startEvents, writeEvent } from './respond.ts';
import type { Fault, Reply } from './types.ts';

export const FAULTS: readonly Fault[] = [
  'rate-limited',
  'server-error',
  'bad-gateway',
  'overloaded',
  'reset',
  'hang',
  'malformed',
];

/** Status and error fields as OpenAI and vLLM send them. */
export const SERVICE_ERRORS = {
  'rate-limited': [
    429,
    {
      message: 'Rate limit reached for requests. Please try again later.',
      type: 'requests',
      code: 'rate_limit_exceeded',
    },
  ],
  'server-error': [
    500,
    { message: 'The server had an error while processing your request.', type: 'InternalServerError', code: 500 },
  ],
  overloaded: [
    503,
    {
      message: 'The engine is currently overloaded, please try again later.',
      type: 'ServiceUnavailableError',
      code: 503,
    },
  ],
} as const;

/** `retry-after` in whole seconds as servers send it, and `retry-after-ms`, which the openai client prefers. */
export function retryAfterHeaders(seconds: number | undefined): Record<string, string> {
  if (seconds === undefined) return {};
  return { 'retry-after': String(Math.ceil(seconds)), 'retry-after-ms': String(Math.round(seconds * 1000)) };
}

/**
 * Plays a scripted fault or error. `chunks` is what a healthy streamed reply would have sent, so that a
 * mid-stream reset or a malformed stream starts out looking like the real thing.
 */
export function playFault(res: ServerResponse, reply: Reply, stream: boolean, chunks: object[]): void {
  const headers = retryAfterHeaders(reply.retryAfterSeconds);
  if (reply.error) {
    sendError(res, reply.error.status, reply.error, headers);
    return;
  }
  switch (reply.fault) {
    case 'rate-limited':
    case 'server-error':
    case 'overloaded': {
      const [status, fields] = SERVICE_ERRORS[reply.fault];
      sendError(res, status, fields, headers);
      return;
    }
    case 'bad-gateway':
      // A proxy in front of the engine answers, in HTML, not the engine's JSON.
      if (gone(res)) return;
      res.writeHead(502, { 'content-type': 'text/html', ...headers });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return;
    case 'reset':
      if (!stream) {
        res.socket?.destroy();
        return;
      }
      startEvents(res);
      for (const chunk of chunks.slice(0, Math.ceil(chunks.length / 2))) writeEvent(res, chunk);
      // Let the partial chunks reach the client first, so it sees a stream cut short, not a refused reply.
      setTimeout(() => res.socket?.destroy(), 20).unref();
      return;
    case 'hang':
      // Deliberately nothing: the socket stays open until the client aborts or close() destroys it.
      return;
    case 'malformed':
      if (gone(res)) return;
      if (!stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id": "chatcmpl-cut", "choices": [{"message": {"content": "cut');
        return;
      }
      startEvents(res);
      if (chunks[0]) writeEvent(res, chunks[0]);
      res.end('data: {"id": not json\n\n');
      return;
  }
}
