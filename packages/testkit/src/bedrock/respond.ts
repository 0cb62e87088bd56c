import { randomUUID } from 'node:crypto';
import type { Http2ServerResponse } from 'node:http2';
import { writeJson } from '../common/io.ts';

/** How Bedrock names an error: the shape after the colon is what the service really sends. */
const ERROR_NAMESPACE = 'http://internal.amazon.com/coral/com.amazon.bedrock/';

export function gone(res: Http2ServerResponse): boolean {
  return res.destroyed || res.writableEnded || res.stream.destroyed;
}

export function sendJson(
  res: Http2ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (!gone(res)) writeJson(res, status, body, { 'x-amzn-requestid': randomUUID(), ...headers });
}

/**
 * A service error as the client parses it: the type from `x-amzn-errortype`, the text from the
 * body's `message`.
 */
export function sendError(
  res: Http2ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { message }, { 'x-amzn-errortype': `${type}:${ERROR_NAMESPACE}`, ...headers });
}
