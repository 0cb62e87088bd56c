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
  /** keep_alive of the last request to use it, which decides what happens once it goes idle. */
  keepMs: number;
  /** Requests using it right now (Ollama's runnerRef.refCount). */
  refs: number;
  /** Called once `refs` drops to zero: the load waiting to evict it. */
  onIdle: (() => void)[];
}

/** A request's hold on its model: the time its load took (0 if resident), and the call that ends the hold. */
export interface Lease {
  loadMs: number;
  release(): void;
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

const expiryAfter = (keepMs: number) => (keepMs < 0 ? FOREVER_MS : Date.now() + keepMs);

/**
 * Which models the stand-in holds in (pretend) GPU memory, as Ollama's scheduler (server/sched.go) does.
 * A request for a model that is not loaded, or loaded with another num_ctx, (re)loads it and waits
 * `loadDelayMs`; when `maxLoaded` models are resident one is unloaded first. Requests are scheduled one
 * at a time, like processPending, so a load blocks every later request, even one for a loaded model.
 *
 * A model is never unloaded while requests are using it. This follows sched.go (processPending,
 * findRunnerToUnload, processCompleted, read in Ollama's source): each request holds a reference on
 * its runner until the request's context ends; the runner chosen to make room gets sessionDuration 0
 * and processPending blocks on unloadedCh, which fires only once that runner's refCount is zero and it
 * is unloaded ("at this point we're queueing up all incoming requests, even if they were for a
 * different model that's loaded"). The choice prefers an idle runner (findRunnerToUnload's first
 * pass); among idle ones, and when none is idle, the stand-in takes the least recently used, where
 * Ollama sorts by keep-alive duration. A changed num_ctx (needsReload) waits the same way.
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

  /** Loads `name` with `numCtx` if needed and holds it until released; undefined when closing. */
  acquire(name: string, numCtx: number, keepAlive: unknown): Promise<Lease | undefined> {
    const next = this.#queue.then(() => this.#acquire(name, numCtx, keepAliveMs(keepAlive)));
    this.#queue = next.catch(() => {});
    return next;
  }

  async #acquire(name: string, numCtx: number, keepMs: number): Promise<Lease | undefined> {
    this.#expire();
    const resident = this.#loaded.find((m) => m.name === name);
    if (resident && resident.numCtx === numCtx) return this.#lease(resident, keepMs, 0);
    // Room first: a different num_ctx means a new runner (Ollama reloads the weights), so the old one
    // goes as an evicted model would. Re-checked after every wait: models may expire meanwhile.
    for (;;) {
      const victim = this.#loaded.find((m) => m.name === name) ?? this.#victim();
      if (victim === undefined) break;
      if (!(await this.#idle(victim))) return undefined;
      this.#unload(victim);
      this.#expire();
    }
    const started = performance.now();
    const startedAt = Date.now();
    if (!(await delay(this.loadDelayMs, this.closing))) return undefined;
    const loaded: Loaded = { name, numCtx, expiresAt: 0, keepMs, refs: 0, onIdle: [] };
    this.#loaded.push(loaded);
    this.loads.push({ model: name, numCtx, startedAt, at: Date.now() });
    return this.#lease(loaded, keepMs, performance.now() - started);
  }

  #lease(model: Loaded, keepMs: number, loadMs: number): Lease {
    model.refs += 1;
    model.keepMs = keepMs;
    model.expiresAt = expiryAfter(keepMs);
    this.#loaded = [...this.#loaded.filter((m) => m !== model), model];
    let held = true;
    return {
      loadMs,
      release: () => {
        if (!held) return;
        held = false;
        this.#release(model);
      },
    };
  }

  /** processCompleted: an idle model unloads now with keep_alive 0, else its keep-alive starts. */
  #release(model: Loaded): void {
    model.refs -= 1;
    if (model.refs > 0) return;
    if (model.keepMs === 0) this.#unload(model);
    else model.expiresAt = expiryAfter(model.keepMs);
    for (const resume of model.onIdle.splice(0)) resume();
  }

  /** The model to unload for room, if there is none left: an idle one first, least recently used. */
  #victim(): Loaded | undefined {
    if (this.#loaded.length < this.maxLoaded) return undefined;
    return this.#loaded.find((m) => m.refs === 0) ?? this.#loaded[0];
  }

  /** Resolves true once nothing uses `model`, false if the server closes first. */
  #idle(model: Loaded): Promise<boolean> {
    if (model.refs === 0) return Promise.resolve(true);
    if (this.closing.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const closed = () => resolve(false);
      this.closing.addEventListener('abort', closed, { once: true });
      model.onIdle.push(() => {
        this.closing.removeEventListener('abort', closed);
        resolve(true);
      });
    });
  }

  #unload(model: Loaded): void {
    this.#loaded = this.#loaded.filter((m) => m !== model);
  }

  /** Keep-alive runs out only on an idle model: Ollama stops the timer while requests use it. */
  #expire(): void {
    const now = Date.now();
    this.#loaded = this.#loaded.filter((m) => m.refs > 0 || m.expiresAt > now);
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
