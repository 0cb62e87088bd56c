import type { IncomingHttpHeaders } from 'node:http2';
import type { AuthCheck } from './sigv4.ts';

/**
 * Bedrock API keys (`Authorization: Bearer <key>`), as the service checks them: a key that does not
 * start with one of the issued prefixes is refused for its format before it is looked up; a key that
 * is well formed but unknown is refused as invalid. Long-term keys start with ABSK, short-term ones
 * with bedrock-api-key-.
 */
const KEY_PREFIXES = ['ABSK', 'bedrock-api-key-'];

/** Undefined when the request carries no bearer token (then SigV4 applies). */
export function checkBearer(
  headers: IncomingHttpHeaders,
  keys: ReadonlySet<string> | undefined,
): AuthCheck | undefined {
  const header = String(headers.authorization ?? '');
  const match = /^Bearer (.*)$/s.exec(header);
  if (!match) return undefined;
  const key = (match[1] ?? '').trim();
  if (!KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) return { outcome: 'malformed-api-key' };
  if (!keys) return { outcome: 'unchecked' };
  return { outcome: keys.has(key) ? 'valid' : 'unknown-api-key' };
}
