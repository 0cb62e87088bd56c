import { type CallKeyMaterial, callCacheKey } from './call-key.ts';

/** The largest reply (as JSON) the cache keeps; a larger one is not replayable, only used. */
export const MAX_CACHED_CHARS = 1_000_000;

/** Which model call a cache entry answers; kept for the record, not part of the key. */
export type CallRole = 'agent' | 'judge' | 'user';

/**
 * Storage for model answers by key. Core defines the port; the store package implements it over
 * SQLite, and a test can use a Map. Values are JSON-serialisable backend responses.
 */
export interface CallCache {
  get(key: string): Promise<unknown | undefined>;
  set(key: string, value: unknown, meta: { role: CallRole; backend: string; model: string }): Promise<void>;
}

/**
 * use: answer from the cache, else call and remember. refresh (--no-cache): always call, remember the
 * newest answer. offline: answer from the cache, else throw CacheMissError; never call.
 */
export type CacheMode = 'use' | 'refresh' | 'offline';

/**
 * A cache entry that cannot be read (its JSON is damaged). The port throws it from `get`; the entry counts
 * as a miss and the fresh answer overwrites it, so one bad row never stops a run.
 */
export class UnreadableCacheEntry extends Error {
  override name = 'UnreadableCacheEntry';
}

/** An offline run needed an answer the cache does not hold. Callers fall back (sample transcripts) or skip. */
export class CacheMissError extends Error {
  override name = 'CacheMissError';
  constructor(
    readonly role: CallRole,
    readonly key: string,
  ) {
    super(`offline: no cached ${role} answer for this call`);
  }
}

/** One model call as a listener hears of it: its role and where it goes. */
export interface CallFacts {
  role: CallRole;
  backend: string;
  model: string;
}

/**
 * Told of every call through the door as it happens: what a progress display or an engine's events read.
 * `sent` when it leaves for a model, `answered` when it comes back (or straight away from the cache,
 * `cached`), `failed` when it ends in an error. Listeners must not throw.
 */
export interface CallListener {
  sent?(call: CallFacts): void;
  answered?(call: CallFacts & { cached: boolean }): void;
  failed?(call: CallFacts & { error: Error }): void;
}

export interface ModelCallCounts {
  /** Calls that went to a model. */
  made: number;
  /** Calls answered from the cache. */
  cached: number;
}

/**
 * The one door every model call goes through, whatever the backend: it looks the call up by its key
 * material, makes it only when it must, and counts both, so a run can say how many calls it paid for.
 */
export class ModelCalls {
  private readonly counts: Record<CallRole, ModelCallCounts> = {
    agent: { made: 0, cached: 0 },
    judge: { made: 0, cached: 0 },
    user: { made: 0, cached: 0 },
  };

  private replaced = 0;

  private flying = 0;

  private ready: Promise<void> | undefined;

  /**
   * `beforeFirstCall` runs once, before the first call that has to reach a model (a server check, say),
   * so a run the cache answers entirely never contacts the backend at all.
   */
  constructor(
    private readonly cache: CallCache | undefined,
    readonly mode: CacheMode = 'use',
    private readonly beforeFirstCall?: () => Promise<void>,
    private readonly listener: CallListener = {},
  ) {
    if (mode === 'offline' && !cache) throw new Error('offline mode needs a call cache');
  }

  /**
   * Wraps one model call. `call` runs only on a miss (or with refresh); its value must be JSON-serialisable.
   * `asFree` turns a cached answer into one that spent nothing (its token counts zeroed), so a run's tokens,
   * cost and budget count only what that run paid for. `isValid` says whether a cached value has the shape
   * the caller reads; one that does not (or cannot be read at all) is a miss, and the new answer replaces it.
   */
  async run<T>(
    role: CallRole,
    material: CallKeyMaterial,
    call: () => Promise<T>,
    asFree?: (cached: T) => T,
    isValid: (cached: unknown) => boolean = () => true,
  ): Promise<T> {
    const key = callCacheKey(material);
    const facts: CallFacts = { role, backend: material.backend, model: material.model };
    if (this.cache && this.mode !== 'refresh') {
      const hit = await this.lookUp(key, isValid);
      if (hit !== undefined) {
        this.counts[role].cached += 1;
        this.listener.answered?.({ ...facts, cached: true });
        return asFree ? asFree(hit as T) : (hit as T);
      }
    }
    if (this.mode === 'offline') throw new CacheMissError(role, key);
    this.ready ??= this.beforeFirstCall?.() ?? Promise.resolve();
    await this.ready;
    this.flying += 1;
    this.listener.sent?.(facts);
    let value: T;
    try {
      value = await call();
    } catch (error) {
      this.listener.failed?.({ ...facts, error: error instanceof Error ? error : new Error(String(error)) });
      throw error;
    } finally {
      this.flying -= 1;
    }
    this.counts[role].made += 1;
    this.listener.answered?.({ ...facts, cached: false });
    // A runaway reply is used once but not kept: the store stays bounded whatever a model sends.
    if (this.cache && JSON.stringify(value).length <= MAX_CACHED_CHARS) {
      await this.cache.set(key, value, { role, backend: material.backend, model: material.model });
    }
    return value;
  }

  /** Calls sent to a model and not answered yet (what a progress line shows as in flight). */
  inFlight(): number {
    return this.flying;
  }

  /** Calls made and answered from the cache so far, per role. */
  stats(): Record<CallRole, ModelCallCounts> {
    return { agent: { ...this.counts.agent }, judge: { ...this.counts.judge }, user: { ...this.counts.user } };
  }

  /** Cache entries that could not be read or had the wrong shape: each was a miss, its new answer replaced it. */
  replacedEntries(): number {
    return this.replaced;
  }

  private async lookUp(key: string, isValid: (cached: unknown) => boolean): Promise<unknown> {
    let hit: unknown;
    try {
      hit = await this.cache?.get(key);
    } catch (error) {
      if (!(error instanceof UnreadableCacheEntry)) throw error;
      this.replaced += 1;
      return undefined;
    }
    if (hit === undefined || isValid(hit)) return hit;
    this.replaced += 1;
    return undefined;
  }
}

/** The CacheMissError somewhere in an error's cause chain (agent runtimes wrap provider errors). */
export function findCacheMiss(error: unknown): CacheMissError | undefined {
  for (let e = error, depth = 0; e != null && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof CacheMissError) return e;
  }
  return undefined;
}
