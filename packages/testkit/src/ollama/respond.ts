import type { IncomingMessage, ServerResponse } from 'node:http';

/** Gin's `c.JSON` content type, which ollama-js looks for before reading an error body as JSON. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A client that went away or a close() in progress leaves nothing to write to. */
export function gone(res: ServerResponse): boolean {
  return res.destroyed || res.writableEnded;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (gone(res)) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, error: string): void {
  sendJson(res, status, { error });
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  if (gone(res)) return;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** Starts an NDJSON stream the way Ollama does: chunked, one JSON object per line. */
export function startStream(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
}

export function writeLine(res: ServerResponse, value: unknown): void {
  if (!gone(res)) res.write(`${JSON.stringify(value)}\n`);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** JSON.parse that reports failure as undefined, since a bad body is something to record, not to crash on. */
export function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Waits at least `ms` by performance.now(), which setTimeout alone does not promise, so a test can
 * assert elapsed >= latency. Resolves false when `signal` aborts first.
 */
export async function delay(ms: number, signal: AbortSignal): Promise<boolean> {
  const until = performance.now() + ms;
  while (!signal.aborted) {
    const left = until - performance.now();
    if (left <= 0) return true;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.ceil(left));
      signal.addEventListener('abort', done, { once: true });
    });
  }
  return false;
}
