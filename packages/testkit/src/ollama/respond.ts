import type { ServerResponse } from 'node:http';
import { writeJson } from '../common/io.ts';

/** Gin's `c.JSON` content type, which ollama-js looks for before reading an error body as JSON. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A client that went away or a close() in progress leaves nothing to write to. */
export function gone(res: ServerResponse): boolean {
  return res.destroyed || res.writableEnded;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (!gone(res)) writeJson(res, status, body, { 'content-type': JSON_TYPE });
}

export function sendError(res: ServerResponse, status: number, error: string): void {
  sendJson(res, status, { error });
}

export function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain'): void {
  if (gone(res)) return;
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8` });
  res.end(text);
}

/** Starts an NDJSON stream the way Ollama does: chunked, one JSON object per line. */
export function startStream(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
}

export function writeLine(res: ServerResponse, value: unknown): void {
  if (!gone(res)) res.write(`${JSON.stringify(value)}\n`);
}
