import { delay } from '../common/io.ts';
import { details, digestOf, weightBytes } from './models.ts';
import type { LoadRecord } from './types.ts';

/** Ollama's default keep_alive: a model stays loaded five minutes after its last request. */
const DEFAULT_KEEP_ALIVE_MS = 5 * 60_000;

/** How `ollama ps` shows a model kept forever (keep_alive < 0): a date far in the future. */
const FOREVER_MS = Date.parse('2318-01-01T00:00:00Z');

interface Loaded {
  name: string;
  numCtx: number;
  expiresAt: number;
}

/** keep_alive as Ollama reads it: seconds as a number, a Go duration string, negative for ever. */
export function keepAliveMs(value: unknown): number {
  if (typeof value === 'number') return value * 1000;
  if (typeof value !== 'string' || value.trim() === '') return DEFAULT_KEEP_ALIVE_MS;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  const text = value.trim();
  const sign = text.startsWith('-') ? -1 : 1;
  const parts = text.replace(/^-/, '').matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)?/g);
  for (const [, amount, unit] of parts) total += Number(amount) * (units[unit ?? 's'] ?? 1000);
  return sign * total;
}

/**
 * Which models the stand-in holds in (pretend) GPU memory, as Ollama's scheduler does: a request for a
 * model that is not loaded, or loaded with another num_ctx, (re)loads it and waits `loadDelayMs`; when
 * `maxLoaded` models are resident the least recently used is unloaded first. Loads happen one at a time.
 */
export class Residency {
  readonly loads: LoadRecord[] = [];
  #loaded: Loaded[] = [];
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly maxLoaded: number,
    private readonly loadDelayMs: number,
    private readonly closing: AbortSignal,
  ) {}

  /** Loads `name` with `numCtx` if needed; resolves the milliseconds spent loading, or undefined on close. */
  acquire(name: string, numCtx: number, keepAlive: unknown): Promise<number | undefined> {
    const next = this.#queue.then(() => this.#acquire(name, numCtx, keepAliveMs(keepAlive)));
    this.#queue = next.catch(() => {});
    return next;
  }

  /** keep_alive 0 unloads a model as soon as its request is answered. */
  release(name: string, keepAlive: unknown): void {
    if (keepAliveMs(keepAlive) === 0) this.#loaded = this.#loaded.filter((m) => m.name !== name);
  }

  async #acquire(name: string, numCtx: number, keepMs: number): Promise<number | undefined> {
    this.#expire();
    const expiresAt = keepMs < 0 ? FOREVER_MS : Date.now() + keepMs;
    const resident = this.#loaded.find((m) => m.name === name);
    if (resident && resident.numCtx === numCtx) {
      resident.expiresAt = expiresAt;
      this.#loaded = [...this.#loaded.filter((m) => m !== resident), resident];
      return 0;
    }
    // A different num_ctx means a new runner: Ollama reloads the weights for it.
    this.#loaded = this.#loaded.filter((m) => m.name !== name);
    while (this.#loaded.length >= this.maxLoaded) this.#loaded.shift();
    const started = performance.now();
    if (!(await delay(this.loadDelayMs, this.closing))) return undefined;
    this.#loaded.push({ name, numCtx, expiresAt });
    this.loads.push({ model: name, numCtx, at: Date.now() });
    return performance.now() - started;
  }

  #expire(): void {
    const now = Date.now();
    this.#loaded = this.#loaded.filter((m) => m.expiresAt > now);
  }

  /** The `/api/ps` body, longest remaining keep-alive first, as Ollama sorts it. */
  ps() {
    this.#expire();
    const models = this.#loaded.map((m) => ({
      name: m.name,
      model: m.name,
      size: weightBytes(m.name),
      digest: digestOf(m.name),
      details: details(m.name),
      expires_at: new Date(m.expiresAt).toISOString(),
      size_vram: weightBytes(m.name),
      context_length: m.numCtx,
    }));
    return { models: models.sort((a, b) => Date.parse(b.expires_at) - Date.parse(a.expires_at)) };
  }

  clear(): void {
    this.#loaded = [];
    this.loads.length = 0;
  }
}
