/** What a backend's calls tell whoever paces them: a request was throttled (429, ThrottlingException), or one went through. */
export interface ThrottleSignals {
  throttled(): void;
  succeeded(): void;
  /**
   * A call failed in a way worth trying again (throttled, 5xx, a lost connection) and will be sent again
   * after its backoff, or at once on another server: what the engine's `retry` event reports. Optional: the
   * pace follows `throttled` alone.
   */
  retrying?(): void;
}

export interface ConcurrencyReport {
  /** --concurrency: never exceeded. */
  ceiling: number;
  /** The limit when the run ended. */
  final: number;
  /** The lowest the limit went. */
  lowest: number;
  /** Throttled responses seen (each one retried by the backend, so not a failure by itself). */
  throttled: number;
  /** Successful responses seen. */
  succeeded: number;
}

/**
 * The model-call pool's size under throttling, AIMD as TCP does it: a throttled response halves the
 * limit (not below 1), once per window: throttles of calls sent before the cut are the same congestion,
 * so further ones count only after as many responses as calls were allowed before it. Every success
 * adds 1/limit, so the limit grows by one per limit's worth of successes, up to the ceiling. Driven by
 * response events only, never by a clock, so the same responses always give the same limits.
 */
export class AdaptiveConcurrency implements ThrottleSignals {
  #limit: number;
  #lowest: number;
  #growth = 0;
  /** Responses to see before another throttle may cut again. */
  #cooldown = 0;
  #throttled = 0;
  #succeeded = 0;
  readonly #listeners: ((limit: number) => void)[] = [];

  constructor(readonly ceiling: number) {
    if (!Number.isInteger(ceiling) || ceiling < 1)
      throw new RangeError(`ceiling must be a positive integer, got ${ceiling}`);
    this.#limit = ceiling;
    this.#lowest = ceiling;
  }

  get limit(): number {
    return this.#limit;
  }

  /** Called with the new limit whenever it changes. */
  onChange(listener: (limit: number) => void): void {
    this.#listeners.push(listener);
  }

  throttled(): void {
    this.#throttled += 1;
    if (this.#cooldown > 0) {
      this.#cooldown -= 1;
      return;
    }
    this.#cooldown = this.#limit;
    this.#growth = 0;
    this.#set(Math.max(1, Math.floor(this.#limit / 2)));
  }

  succeeded(): void {
    this.#succeeded += 1;
    if (this.#cooldown > 0) this.#cooldown -= 1;
    if (this.#limit >= this.ceiling) return;
    this.#growth += 1 / this.#limit;
    if (this.#growth >= 1) {
      this.#growth -= 1;
      this.#set(this.#limit + 1);
    }
  }

  report(): ConcurrencyReport {
    return {
      ceiling: this.ceiling,
      final: this.#limit,
      lowest: this.#lowest,
      throttled: this.#throttled,
      succeeded: this.#succeeded,
    };
  }

  #set(limit: number): void {
    if (limit === this.#limit) return;
    this.#limit = limit;
    this.#lowest = Math.min(this.#lowest, limit);
    for (const listener of this.#listeners) listener(limit);
  }
}
