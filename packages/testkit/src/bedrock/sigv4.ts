import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http2';
import type { AuthOutcome } from './types.ts';

/**
 * An independent SigV4 check (AWS Signature Version 4, as documented), so the stand-in proves the
 * real client signed each request with the expected key, for service `bedrock`, over exactly the
 * bytes that arrived. It does not share code with the SDK's signer, so a signing bug cannot hide.
 */

export interface SignedRequest {
  method: string;
  /** The raw request target as sent (`:path`), query string included. */
  target: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface AuthCheck {
  outcome: AuthOutcome;
  accessKeyId?: string;
  region?: string;
  service?: string;
}

const AUTH_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 escaping, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function uriEscape(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [uriEscape(decodeURIComponent(key)), uriEscape(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  const text = Array.isArray(value) ? value.join(',') : String(value ?? '');
  return text.trim().replace(/\s+/g, ' ');
}

/** Services other than S3 sign the path escaped once more, on top of the escaping it already has. */
function canonicalRequest(request: SignedRequest, signedHeaders: string[], payloadHash: string): string {
  const [path = '/', query = ''] = request.target.split('?');
  return [
    request.method,
    uriEscape(path).replace(/%2F/g, '/'),
    canonicalQuery(query),
    ...signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}`),
    '',
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

/**
 * Checks the Authorization header. With no keys to check against, a well-formed SigV4 header for
 * service bedrock is enough ('unchecked'); with keys, the signature must match one of them.
 */
export function checkSigV4(request: SignedRequest, keys?: Map<string, string>): AuthCheck {
  const header = headerValue(request.headers, 'authorization');
  const parts = AUTH_PATTERN.exec(header);
  if (!parts) return { outcome: 'unsigned' };
  const [, accessKeyId = '', date = '', region = '', service = '', signedList = '', signature = ''] = parts;
  const identity = { accessKeyId, region, service };
  if (service !== 'bedrock') return { outcome: 'bad-signature', ...identity };
  if (!keys) return { outcome: 'unchecked', ...identity };
  const secret = keys.get(accessKeyId);
  if (secret === undefined) return { outcome: 'unknown-key', ...identity };

  const amzDate = headerValue(request.headers, 'x-amz-date');
  const bodyHash = sha256(request.body);
  const declaredHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!amzDate.startsWith(date) || (declaredHash !== '' && declaredHash !== bodyHash)) {
    return { outcome: 'bad-signature', ...identity };
  }
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    sha256(canonicalRequest(request, signedList.split(';'), bodyHash)),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest();
  const valid = timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  return { outcome: valid ? 'valid' : 'bad-signature', ...identity };
}
