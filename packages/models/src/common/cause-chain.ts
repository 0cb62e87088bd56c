/** The error and its `cause` chain, outermost first (Strands wraps provider errors in its own). */
export function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e != null && chain.length < 8; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

export function fieldOf(e: unknown, key: string): unknown {
  return typeof e === 'object' && e !== null ? (e as Record<string, unknown>)[key] : undefined;
}

/** Connection failures that mean nothing listens there: waiting and retrying will not help. */
export const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The innermost message with the first error code on the way, for a one-line reason. */
export function describeChain(err: unknown): string {
  const chain = causeChain(err);
  const innermost = chain.at(-1);
  const code = chain.map((e) => fieldOf(e, 'code')).find((c) => typeof c === 'string');
  const message = innermost instanceof Error ? innermost.message : String(innermost);
  const outer = err instanceof Error && err.message !== message ? `${err.message}: ` : '';
  return `${outer}${message}${code ? ` (${String(code)})` : ''}`;
}
