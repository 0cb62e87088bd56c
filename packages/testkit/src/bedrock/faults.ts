import type { Http2ServerResponse } from 'node:http2';
import { gone, sendError } from './respond.ts';
import type { Fault, Reply } from './types.ts';

export const FAULTS: readonly Fault[] = [
  'throttling',
  'service-unavailable',
  'internal-error',
  'model-timeout',
  'access-denied',
  'model-not-enabled',
  'validation',
  'reset',
  'hang',
  'malformed',
];

/** Status, error type and message as Bedrock sends them for each service fault. */
export const SERVICE_ERRORS = {
  throttling: [429, 'ThrottlingException', 'Too many requests, please wait before trying again.'],
  'service-unavailable': [503, 'ServiceUnavailableException', 'Bedrock is unable to process your request.'],
  'internal-error': [500, 'InternalServerException', 'The server encountered an internal error.'],
  'model-timeout': [408, 'ModelTimeoutException', 'Model has timed out in processing the request.'],
  'access-denied': [403, 'AccessDeniedException', "You don't have access to the model with the specified model ID."],
  'model-not-enabled': [
    404,
    'ResourceNotFoundException',
    'Model use case details have not been submitted for this account. Fill out the Anthropic use case details form before using the model.',
  ],
  validation: [400, 'ValidationException', 'The provided model identifier is invalid.'],
} as const satisfies Record<string, readonly [number, string, string]>;

/** Plays a scripted fault or error. */
export function playFault(res: Http2ServerResponse, reply: Reply): void {
  const headers: Record<string, string> =
    reply.retryAfterSeconds === undefined ? {} : { 'retry-after': String(reply.retryAfterSeconds) };
  if (reply.error) {
    sendError(res, reply.error.status, reply.error.type, reply.error.message, headers);
    return;
  }
  const fault = reply.fault;
  switch (fault) {
    case 'reset':
      res.stream.close(2); // NGHTTP2_INTERNAL_ERROR: the stream dies before any byte of a reply
      return;
    case 'hang':
      // Deliberately nothing: the stream stays open until the client aborts or close() destroys it.
      return;
    case 'malformed':
      if (gone(res)) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"output": {"message": {"role": "assistant", "content": [{"text": "cut');
      return;
    case undefined:
      return;
    default: {
      const [status, type, message] = SERVICE_ERRORS[fault];
      sendError(res, status, type, message, headers);
    }
  }
}
