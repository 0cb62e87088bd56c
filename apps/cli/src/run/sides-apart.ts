import type { CallCache } from '@evalpacks/core';

/**
 * The store's call cache as the two sides of one compare see it: answers stored by earlier runs are
 * reused (a second compare against the same baseline makes no baseline call), but an answer one side got
 * during this compare is never handed to the other, so each side is its own sample (an A/A compare
 * measures noise, and the judge grades both sides' answers afresh).
 */
export function sidesApart(cache: CallCache): CallCache {
  const madeHere = new Set<string>();
  return {
    get: async (key) => (madeHere.has(key) ? undefined : cache.get(key)),
    set: async (key, value, meta) => {
      madeHere.add(key);
      await cache.set(key, value, meta);
    },
  };
}
