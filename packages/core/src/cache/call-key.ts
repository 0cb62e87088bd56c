import { createHash } from 'node:crypto';

/**
 * Everything that decides what one model call answers. Two calls with equal material are the same
 * question; the epoch makes each repeat of a case a fresh sample rather than a replay of the first.
 */
export interface CallKeyMaterial {
  /** 'ollama', 'bedrock', ...: the same model name on two backends is two different models. */
  backend: string;
  model: string;
  /** Generation parameters as the backend receives them (temperature, top_p, think, ...). */
  params: Record<string, unknown>;
  system: string;
  /** The conversation in the backend's own wire shape, free of per-call random ids. */
  messages: unknown[];
  /** Tool definitions offered to the model; empty when none. */
  tools: unknown[];
  /** The JSON schema the answer is constrained to, or null. */
  outputSchema: unknown;
  epoch: number;
  /** A judge call's prompt version (absent for agent calls, which leaves their keys as they were). */
  promptVersion?: string;
}

/** Bumped when the key scheme changes, so old entries are never read under a new meaning. */
const KEY_SCHEME = 'evalpacks-call-v1';

/** JSON with object keys sorted at every level and undefined fields dropped, so equal material hashes equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) out[key] = sortKeys(field);
  }
  return out;
}

/** The cache key of one model call: a sha256 over the canonical JSON of its material. */
export function callCacheKey(material: CallKeyMaterial): string {
  return createHash('sha256').update(KEY_SCHEME).update('\n').update(canonicalJson(material)).digest('hex');
}
