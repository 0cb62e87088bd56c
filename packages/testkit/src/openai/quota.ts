import type { Quota } from './types.ts';

/**
 * A token bucket: `perSecond` tokens a second up to `burst`. take() spends a token and answers 0, or,
 * when the bucket is empty, answers the milliseconds until the next token (what Retry-After says).
 */
export class TokenBucket {
  #tokens: number;
  #last = performance.now();
  readonly #burst: number;

  constructor(private readonly quota: Quota) {
    this.#burst = quota.burst ?? quota.perSecond;
    this.#tokens = this.#burst;
  }

  take(): number {
    const now = performance.now();
    this.#tokens = Math.min(this.#burst, this.#tokens + ((now - this.#last) / 1000) * this.quota.perSecond);
    this.#last = now;
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.#tokens) / this.quota.perSecond) * 1000);
  }
}
