/** Plumbing every stand-in shares: listening, reading a body, lenient JSON, JSON replies, waiting out a latency. */

import type { AddressInfo, Server } from 'node:net';

/** Listens on loopback only (a stand-in must never be reachable from elsewhere); resolves the port. */
export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function readBody(req: AsyncIterable<Buffer | string>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
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

/** What the HTTP/1 and the HTTP/2 compatibility responses both offer, so one writer serves every stand-in. */
interface JsonReply {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(text: string): unknown;
}

/** A JSON reply with its length; `headers` add to it or override the plain JSON content type. */
export function writeJson(res: JsonReply, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}
