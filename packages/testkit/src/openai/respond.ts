import type { ServerResponse } from 'node:http';
import { writeJson } from '../common/io.ts';

/** A client that went away or a close() in progress leaves nothing to write to. */
export function gone(res: ServerResponse): boolean {
  return res.destroyed || res.writableEnded;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (!gone(res)) writeJson(res, status, body, headers);
}

export interface ErrorFields {
  message: string;
  type?: string;
  code?: string | number | null;
  param?: string | null;
}

/** The error body OpenAI and vLLM send: `{ error: { message, type, param, code } }`, which the client reads. */
export function sendError(
  res: ServerResponse,
  status: number,
  error: ErrorFields,
  headers: Record<string, string> = {},
): void {
  const body = {
    error: {
      message: error.message,
      type: error.type ?? 'BadRequestError',
      param: error.param ?? null,
      code: error.code ?? status,
    },
  };
  sendJson(res, status, body, headers);
}

/** Server-sent events, as every OpenAI-compatible server streams a chat completion. */
export function startEvents(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
}

export function writeEvent(res: ServerResponse, data: unknown): void {
  if (!gone(res)) res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}
