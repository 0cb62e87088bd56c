import { redactUrl } from '@evalpacks/core/report';
import type { ThrottleSignals } from '@evalpacks/core/runner';
import type { RetryPolicy } from '../common/retry-policy.ts';
import { OllamaHost, type OllamaHostOptions } from './host.ts';

export interface OllamaHostsOptions {
  /** Calls in flight at once on each host (--concurrency); more wait for a free slot. Default: no limit of its own. */
  perHost?: number;
  /** Where the one-line warnings go: a host left out at the start, or taken out mid-run. */
  warn?: (line: string) => void;
  /** Told of every retry of the run's calls, a move to another host included. */
  signals?: Pick<ThrottleSignals, 'retrying'>;
}

/** What one host did in a run, for the summary. */
export interface HostUsage {
  /** The host's URL, credentials redacted. */
  url: string;
  /** Calls it answered. */
  served: number;
  /** 'left out' at the start (preflight), 'taken out' mid-run; absent while it serves. */
  out?: 'left out' | 'taken out';
}

interface Slot {
  host: OllamaHost;
  /** Calls it may have in flight at once. */
  limit: number;
  inFlight: number;
  served: number;
  /** Calls in a row that lost their connection or timed out. */
  strikes: number;
  out?: 'left out' | 'taken out';
}

/**
 * The Ollama servers of a run and which one takes the next call: the least busy healthy one (the smallest
 * share of its limit in flight; ties go round the list), never more than its limit (its own `callsAtOnce`,
 * else `perHost`) at once on any. A host that
 * stops answering is taken out with one warning line, as long as another is left: the last one is never
 * taken out, so a run on one server fails (or retries) exactly as it would without a pool.
 */
export class OllamaHosts {
  readonly perHost: number;
  readonly #slots: Slot[];
  readonly #warn: (line: string) => void;
  #next = 0;
  #waiting: (() => void)[] = [];
  #queued = 0;
  /** Calls of the run waiting out a retry's backoff (onSomeHost hands it to withRetries). */
  readonly backingOff = { calls: 0 };
  /** Told of every retry (onSomeHost calls it). */
  readonly onRetry: () => void;

  constructor(hosts: readonly OllamaHost[], options: OllamaHostsOptions = {}) {
    if (hosts.length === 0) throw new Error('OllamaHosts needs at least one host');
    this.perHost = options.perHost ?? Number.POSITIVE_INFINITY;
    this.#slots = hosts.map((host) => ({
      host,
      limit: host.options.callsAtOnce ?? this.perHost,
      inFlight: 0,
      served: 0,
      strikes: 0,
    }));
    this.#warn = options.warn ?? (() => {});
    const signals = options.signals;
    this.onRetry = () => signals?.retrying?.();
  }

  /** A run on one server. */
  static of(options: OllamaHostOptions, pool?: OllamaHostsOptions): OllamaHosts {
    return new OllamaHosts([new OllamaHost(options)], pool);
  }

  /** Every host given, in order, whether or not it still serves. */
  get all(): OllamaHost[] {
    return this.#slots.map((slot) => slot.host);
  }

  /** The hosts that still take calls. */
  get serving(): OllamaHost[] {
    return this.#slots.filter((slot) => !slot.out).map((slot) => slot.host);
  }

  /** The retry policy of the run (every host is given the same). */
  get retry(): Partial<RetryPolicy> | undefined {
    return this.#slots[0]?.host.retry;
  }

  /**
   * A slot on the least busy serving host, waiting while every one is full. `avoid` (the host a call just
   * failed on) is passed over while another host serves.
   */
  async acquire(avoid?: OllamaHost): Promise<OllamaHost> {
    let slot = this.#pick(avoid);
    if (!slot) {
      this.#queued += 1;
      while (!slot) {
        await new Promise<void>((resolve) => this.#waiting.push(resolve));
        slot = this.#pick(avoid);
      }
      this.#queued -= 1;
    }
    slot.inFlight += 1;
    return slot.host;
  }

  /**
   * Calls not sent yet: those waiting for a free slot, and those waiting out a retry's backoff. Some wait
   * for a slot as a matter of course once a host is taken out, as the run keeps as many calls going as all
   * its hosts took.
   */
  get waiting(): number {
    return this.#queued + this.backingOff.calls;
  }

  release(host: OllamaHost): void {
    const slot = this.#slot(host);
    slot.inFlight -= 1;
    this.#wake();
  }

  /** Counts a call the host answered. */
  answered(host: OllamaHost): void {
    const slot = this.#slot(host);
    slot.served += 1;
    slot.strikes = 0;
  }

  /** Counts a call that lost its connection or timed out; returns how many did in a row. */
  lostCall(host: OllamaHost): number {
    const slot = this.#slot(host);
    slot.strikes += 1;
    return slot.strikes;
  }

  /**
   * Stops sending calls to `host` and warns once, unless it is the last one serving (then nothing changes
   * and the caller's error stands). `why` ends the warning's sentence: `stopped answering (ECONNREFUSED)`
   * mid-run; the preflight's failure for a host left out at the start. Returns whether it is out now.
   */
  takeOut(host: OllamaHost, why: string, how: 'left out' | 'taken out' = 'taken out'): boolean {
    const slot = this.#slot(host);
    if (slot.out) return true;
    const left = this.#slots.filter((s) => !s.out && s !== slot).length;
    if (left === 0) return false;
    slot.out = how;
    const url = redactUrl(host.url);
    this.#warn(
      how === 'left out'
        ? `warning: ollama host ${url} is left out: ${why}; running on ${hostCount(left)}`
        : `warning: ollama host ${url} ${why}; continuing on ${hostCount(left)}`,
    );
    this.#wake();
    return true;
  }

  isOut(host: OllamaHost): boolean {
    return this.#slot(host).out !== undefined;
  }

  /** Per host, in the order given: calls answered, and whether it was left or taken out. */
  usage(): HostUsage[] {
    return this.#slots.map((slot) => ({
      url: redactUrl(slot.host.url),
      served: slot.served,
      ...(slot.out && { out: slot.out }),
    }));
  }

  #pick(avoid: OllamaHost | undefined): Slot | undefined {
    const open = this.#slots.filter((slot) => !slot.out && slot.inFlight < slot.limit);
    const preferred = open.some((slot) => slot.host !== avoid) ? open.filter((slot) => slot.host !== avoid) : open;
    let best: Slot | undefined;
    let bestIndex = -1;
    // Round-robin among equals: the search starts after the host chosen last.
    for (let step = 0; step < this.#slots.length; step++) {
      const index = (this.#next + step) % this.#slots.length;
      const slot = this.#slots[index] as Slot;
      if (!preferred.includes(slot)) continue;
      if (!best || busy(slot) < busy(best)) {
        best = slot;
        bestIndex = index;
      }
    }
    if (best) this.#next = bestIndex + 1;
    return best;
  }

  #slot(host: OllamaHost): Slot {
    const slot = this.#slots.find((s) => s.host === host);
    if (!slot) throw new Error(`${redactUrl(host.url)} is not one of this run's Ollama hosts`);
    return slot;
  }

  #wake(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/** The share of its limit a host has in flight: 1 of 4 is less busy than 1 of 2. */
const busy = (slot: Slot) => slot.inFlight / slot.limit;

export const hostCount = (n: number) => `${n} host${n === 1 ? '' : 's'}`;
