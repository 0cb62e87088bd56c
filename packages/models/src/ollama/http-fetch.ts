import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { declaredSize, MAX_REPLY_BYTES, ReplyTooLargeError } from '../common/reply-cap.ts';

const httpAgent = new Agent({ keepAlive: true });
const httpsAgent = new HttpsAgent({ keepAlive: true });

/** Statuses whose response has no body, which the Response constructor refuses one for. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * fetch for a whole JSON exchange over node:http: the request written at once, the answer read to its end,
 * then handed on as a Response. undici's fetch builds a Request, Headers and web streams for every call, and
 * a run makes thousands. Failures look like fetch's: TypeError('fetch failed') with the socket error as cause
 * before the answer, TypeError('terminated') when it is cut off, and the signal's reason when it aborts. An
 * answer longer than `maxBytes` is not read past that: the request fails with a ReplyTooLargeError.
 */
export function httpFetch(
  input: string | URL | Request,
  init: RequestInit = {},
  maxBytes = MAX_REPLY_BYTES,
): Promise<Response> {
  const url = input instanceof URL ? input : new URL(typeof input === 'string' ? input : input.url);
  const { signal } = init;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const https = url.protocol === 'https:';
    const req = (https ? httpsRequest : httpRequest)(url, {
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string> | undefined,
      agent: https ? httpsAgent : httpAgent,
    });
    const fail = (error: unknown) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    };
    const onAbort = () => {
      fail(signal?.reason);
      req.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => fail(new TypeError('fetch failed', { cause: error })));
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const declared = declaredSize(res.headers['content-length']);
      // The socket goes with the request: what is left of the answer is never read.
      const cut = () => {
        chunks.length = 0;
        fail(new ReplyTooLargeError(maxBytes, declared));
        req.destroy();
      };
      if (declared !== undefined && declared > maxBytes) return cut();
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return cut();
        chunks.push(chunk);
      });
      res.on('error', (error) => fail(new TypeError('terminated', { cause: error })));
      res.on('end', () => {
        signal?.removeEventListener('abort', onAbort);
        if (!res.complete) {
          reject(new TypeError('terminated'));
          return;
        }
        const status = res.statusCode ?? 500;
        const body = NULL_BODY.has(status) || init.method === 'HEAD' ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers: headersOf(res) }));
      });
    });
    req.end(typeof init.body === 'string' ? init.body : undefined);
  });
}

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}
